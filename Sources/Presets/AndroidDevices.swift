import Geometry

/// Android phones (docs/ANDROID.md). Points are dp: the panel's pixels over the default display
/// density (`ro.sf.lcd_density` / 160). Panel sizes are the makers' published specifications
/// (store.google.com tech specs; samsung.com Galaxy S24 specifications). The makers publish no
/// status-bar height: the values here are estimates of what these punch-hole panels report (taller
/// than AOSP's 24 dp `status_bar_height_portrait`, to clear the camera). Gesture bar: AOSP's
/// gestural navigation bar (`navigation_bar_height` 24 dp, NavigationBarModeGestural overlay).
extension Device {
    static let android: [Device] = [
        // 1080×2400 px, 6.2", 428 ppi (Google). Density 420 dpi (2.625). Corner radius 102 px
        // (the panel figures Google gave Android Authority, 2023) = 38.86 dp.
        Device(name: "pixel-8", points: Size(1080 / 2.625, 2400 / 2.625), scale: 2.625, cornerRadius: 102 / 2.625,
               safeTop: 48, safeBottom: 24, platform: .android),
        // 1080×2424 px, 6.3", 422 ppi (Google). Density 2.625. Corner radius: not published;
        // Pixel 8's 102 px.
        Device(name: "pixel-9", points: Size(1080 / 2.625, 2424 / 2.625), scale: 2.625, cornerRadius: 102 / 2.625,
               safeTop: 48, safeBottom: 24, platform: .android),
        // 1280×2856 px, 6.3", 495 ppi (Google). Density 480 dpi (3). Corner radius: not
        // published; Pixel 8 Pro's 115 px.
        Device(name: "pixel-9-pro", points: Size(1280 / 3.0, 2856 / 3.0), scale: 3, cornerRadius: 115 / 3.0,
               safeTop: 48, safeBottom: 24, platform: .android),
        // Inner display unfolded: 2076×2152 px, 8", 373 ppi (Google). Density 2.625. Corner
        // radius: not published (an estimate from product photos, ~ 26 dp).
        Device(name: "pixel-9-pro-fold", points: Size(2076 / 2.625, 2152 / 2.625), scale: 2.625, cornerRadius: 26,
               safeTop: 40, safeBottom: 24, platform: .android),
        // 1080×2340 px, 6.2", 416 ppi (Samsung). Density 480 dpi (3): 360×780 dp. Corner radius:
        // not published (an estimate from product photos, ~ 30 dp).
        Device(name: "galaxy-s24", points: Size(1080 / 3.0, 2340 / 3.0), scale: 3, cornerRadius: 30,
               safeTop: 32, safeBottom: 24, platform: .android),
    ]
}
