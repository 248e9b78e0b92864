#!/usr/bin/env python3
"""The bench's outside reference for drawing: the reference push drawn by Skia (skia-python).

The same scene Segue draws for `{ "push": "b", "transition": "uikit" }` between two 1170×2532
screenshots (Transitions/UIKitTransition.swift, DESIGN §3): the old screen moves left by 30 % of
the width (rounded as UIKit does) under a black dim reaching 0.1, a 9 pt gradient shadow strip
left of the new screen, the new screen sliding in from the right; bilinear sampling at fractional
positions, 8-bit premultiplied sRGB. Progress follows UIKit's default curve as a cubic Bézier
(0.25, 0.1, 0.25, 1) over the frames. Each frame is drawn into a CPU raster surface and its pixels
read out (what an exporter then hands to an encoder), so Skia does the work Segue's
`--format null` does except the yuv420p conversion, which is left to Segue's side of the ratio.

    skia-push.py A.png B.png FRAMES
"""
import sys
import skia

def bezier(x1, y1, x2, y2):
    def at(t, a, b):
        return 3 * a * (1 - t) ** 2 * t + 3 * b * (1 - t) * t ** 2 + t ** 3
    def solve(x):
        lo, hi = 0.0, 1.0
        for _ in range(40):
            mid = (lo + hi) / 2
            if at(mid, x1, x2) < x:
                lo = mid
            else:
                hi = mid
        return at((lo + hi) / 2, y1, y2)
    return solve

def main():
    a_path, b_path, frames = sys.argv[1], sys.argv[2], int(sys.argv[3])
    a = skia.Image.open(a_path)
    b = skia.Image.open(b_path)
    w, h = a.width(), a.height()
    scale = 3.0
    surface = skia.Surface(w, h)
    canvas = surface.getCanvas()
    curve = bezier(0.25, 0.1, 0.25, 1.0)
    sampling = skia.SamplingOptions(skia.FilterMode.kLinear)
    offset = w - round(w * 0.7)
    shadow_w = 9 * scale
    pixels = bytearray(w * h * 4)
    info = skia.ImageInfo.Make(w, h, skia.ColorType.kRGBA_8888_ColorType, skia.AlphaType.kPremul_AlphaType)
    for i in range(frames):
        q = curve(i / max(1, frames - 1))
        over_x = w * (1 - q)
        canvas.clear(skia.ColorBLACK)
        canvas.drawImage(a, -offset * q, 0, sampling)
        if q > 0:
            canvas.drawRect(skia.Rect(0, 0, w, h), skia.Paint(Color=skia.Color4f(0, 0, 0, 0.1 * q)))
        if 0 < q < 1:
            paint = skia.Paint(Shader=skia.GradientShader.MakeLinear(
                [(over_x - shadow_w, 0), (over_x, 0)],
                [skia.Color4f(0, 0, 0, 0), skia.Color4f(0, 0, 0, 0.2 * q)]), AntiAlias=True)
            canvas.drawRect(skia.Rect(over_x - shadow_w, 0, over_x, h), paint)
        canvas.drawImage(b, over_x, 0, sampling)
        surface.readPixels(info, pixels, w * 4, 0, 0)

if __name__ == "__main__":
    main()
