import Media
import Presets
import Vocabulary

/// Where the presets Export and the CLI resolve get their images: Media's AssetImages for the
/// preset's folder, at most `Limits.maxImageSide` pixels a side. Presets opens no image itself
/// (issue 19.1); whoever resolves a preset passes this (tests may pass their own loader).
public enum PresetImages {
    public static let folder: ImageLoaderFactory = { AssetImages(base: $0, maxImageSide: Limits.maxImageSide) }
}
