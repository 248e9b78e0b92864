import Media
import Presets

/// The images of a preset's folder, as the CLI gives them to Presets (Export's
/// `PresetImages.folder`; PresetsTests do not depend on Export).
let folderImages: ImageLoaderFactory = { AssetImages(base: $0, maxImageSide: Limits.maxImageSide) }
