#!/usr/bin/env python3
"""Writes the small seed corpus of every fuzz target to fuzz/corpus/<target>/.

Run from the repository root: tools/make_fuzz_seeds.py. The files are committed;
this script says how they were made. Image seeds use ImageMagick's `convert`
when it is on PATH (skipped otherwise); everything else is written byte by byte.
"""
import json
import os
import shutil
import struct
import subprocess
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "fuzz", "corpus")


def put(target, name, data):
    folder = os.path.join(CORPUS, target)
    os.makedirs(folder, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


# --- safetensors -------------------------------------------------------------
def safetensors(tensors, metadata=None, checksum=True):
    header = {}
    data = b""
    entries = {}
    for name, dtype, shape, payload in tensors:
        entries[name] = {"dtype": dtype, "shape": shape, "data_offsets": [len(data), len(data) + len(payload)]}
        data += payload
    metadata = dict(metadata or {})
    if checksum:  # as write_safetensors records it
        metadata["shuimo.data_crc32"] = "%08x" % (zlib.crc32(data) & 0xFFFFFFFF)
    if metadata:
        header["__metadata__"] = metadata
    header.update(entries)
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    return struct.pack("<Q", len(text)) + text + data


def seeds_safetensors():
    f32 = struct.pack("<4f", 1.0, -2.0, 0.5, 3.25)
    put("fuzz_safetensors", "two_tensors", safetensors(
        [("features.0.weight", "F32", [2, 2], f32), ("features.0.bias", "F16", [2], b"\x00\x3c\x00\xc0")],
        {"format": "pt", "shuimo.preprocessing": "torchvision"}))
    put("fuzz_safetensors", "bf16_and_i64", safetensors(
        [("a", "BF16", [1, 3], b"\x80\x3f" * 3), ("b", "I64", [1], struct.pack("<q", 7))]))
    put("fuzz_safetensors", "empty_header", safetensors([], checksum=False))
    put("fuzz_safetensors", "no_checksum", safetensors([("features.0.bias", "F32", [4], f32)], checksum=False))
    put("fuzz_safetensors", "escapes", safetensors([("n\\u00e9\"x", "F32", [0], b"")], {"k\n": "v\u4e2d"}))
    put("fuzz_safetensors", "truncated", safetensors([("t", "F32", [4], f32)])[:-5])


# --- JSON ------------------------------------------------------------------------
def seeds_json():
    put("fuzz_json_lite", "object", '{"a": [1, -2.5e3, true, false, null], "b": {"c": "d\\u4e2d\\ud83d\\ude00"}}')
    put("fuzz_json_lite", "numbers", "[0, 18446744073709551615, 18446744073709551616, -0, 1.0e-400, 1e400]")
    put("fuzz_json_lite", "nested", "[" * 60 + "]" * 60)
    put("fuzz_json_lite", "string", '"\\b\\f\\n\\r\\t\\/\\\\\\""')


def seeds_style_library():
    one = {"version": 1, "styles": [{
        "id": "ink-1", "name": {"en": "Ink", "zh": "墨"}, "description": {"en": "d", "zh": "描述"},
        "file": "ink.png",
        "recommended": {"style_weight": 1e6, "style_scale": 1.0, "preserve_colors": False, "preset": "standard"}}]}
    put("fuzz_style_library", "one_style.json", json.dumps(one, ensure_ascii=False))
    bad = json.loads(json.dumps(one))
    bad["styles"][0]["file"] = "../outside.png"
    bad["styles"][0]["recommended"]["style_scale"] = 99
    put("fuzz_style_library", "bad_values.json", json.dumps(bad))
    shutil.copy(os.path.join(ROOT, "assets", "styles", "styles.json"), os.path.join(CORPUS, "fuzz_style_library", "bundled.json"))


def seeds_catalogue():
    entry = {"id": "m", "name": "M", "licence": "MIT", "urls": ["http://127.0.0.1/m"], "file_name": "m.safetensors",
             "format": "safetensors", "size_bytes": 1234, "checksum": {"algorithm": "md5", "value": "0" * 32},
             "preprocessing": "torchvision"}
    put("fuzz_catalogue", "minimal.json", json.dumps({"models": [entry]}))
    put("fuzz_catalogue", "sizes.json", json.dumps({"models": [dict(entry, size_bytes=-5, approx_size_bytes=2.5e9)]}))
    shutil.copy(os.path.join(ROOT, "models", "vgg19", "catalogue.json"), os.path.join(CORPUS, "fuzz_catalogue", "bundled.json"))


def seeds_presets():
    params = {"size": 768, "iterations": 300, "scales": 0, "min_size": 128, "content_weight": 1, "style_weight": 1e6,
              "tv_weight": 1, "content_layers": ["relu4_2"], "style_layers": ["relu1_1", "relu2_1"], "optimizer": "lbfgs",
              "pooling": "max", "precision": "auto", "learning_rate": 0.02, "init": "content", "style_scale": 1.0,
              "preserve_colors": False, "colour_strength": 1.0, "monochrome_ink": True, "seed": "42", "device": "cpu"}
    put("fuzz_presets", "standard.json", json.dumps({"name": "Standard", "params": params}, indent=1))
    odd = dict(params, size=-5, iterations=1e300, style_weight=-1, optimizer="sgd", style_layers=["relu9_9"], seed="x")
    put("fuzz_presets", "odd.json", json.dumps({"name": "Odd", "params": odd}))


# --- caffemodel (protobuf wire format, field numbers of caffe.proto) -------------
def varint(n):
    out = b""
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])


def field(number, payload):  # length-delimited
    return varint(number << 3 | 2) + varint(len(payload)) + payload


def blob(shape, values, legacy=False):
    data = field(5, struct.pack("<%df" % len(values), *values))
    if legacy:  # num, channels, height, width (fields 1-4, varints)
        dims = ([1] * (4 - len(shape)) + list(shape))[-4:]
        return b"".join(varint(i + 1 << 3) + varint(d) for i, d in enumerate(dims)) + data
    return field(7, field(1, b"".join(varint(d) for d in shape))) + data


def seeds_caffe():
    conv = field(1, b"conv1_1") + field(2, b"Convolution") + field(7, blob([2, 3, 3, 3], [0.5] * 54)) + \
        field(7, blob([2], [0.1, -0.1]))
    put("fuzz_caffe", "one_layer.caffemodel", field(1, b"VGG_ILSVRC_19_layers") + field(100, conv))
    legacy = field(4, b"conv1_1") + field(6, blob([2, 3, 3, 3], [0.5] * 54, legacy=True)) + field(6, blob([2], [0.1, -0.1], legacy=True))
    put("fuzz_caffe", "v1_layer.caffemodel", field(1, b"VGG") + field(2, legacy))
    put("fuzz_caffe", "empty.caffemodel", b"")


# --- images ------------------------------------------------------------------------
def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, colour_type, bit_depth, row):
    raw = b"".join(b"\x00" + row for _ in range(height))
    return b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0, 0)) + \
        png_chunk(b"IDAT", zlib.compress(raw)) + png_chunk(b"IEND", b"")


def seeds_images():
    put("fuzz_image_decode", "rgb8.png", png(2, 2, 2, 8, b"\xff\x00\x00\x00\xff\x00"))
    put("fuzz_image_decode", "ga16.png", png(2, 1, 4, 16, b"\x80\x00\xff\xff\x40\x00\x00\x00"))
    put("fuzz_image_decode", "huge_header.png", png(100000, 100000, 0, 8, b"")[:33] + png_chunk(b"IEND", b""))
    put("fuzz_image_decode", "gif", b"GIF89a\x01\x00\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02\x44\x01\x00;")
    convert = shutil.which("convert")
    if not convert:
        print("convert not found: JPEG/TIFF/WebP/BMP seeds skipped")
        return
    with tempfile.TemporaryDirectory() as tmp:
        for name, args in [("rgb.jpg", ["-size", "8x8", "gradient:red-blue", "-strip"]),
                           ("cmyk.jpg", ["-size", "8x8", "gradient:red-blue", "-colorspace", "CMYK", "-strip"]),
                           ("exif_rotated.jpg", ["-size", "8x4", "gradient:", "-orient", "RightTop"]),
                           ("rgba.tif", ["-size", "4x4", "gradient:", "-alpha", "set", "-strip"]),
                           ("rgb.webp", ["-size", "4x4", "gradient:", "-strip"]),
                           ("rgb.bmp", ["-size", "4x4", "gradient:", "-strip"])]:
            out = os.path.join(tmp, name)
            if subprocess.run([convert, *args, out], capture_output=True).returncode == 0 and os.path.exists(out):
                with open(out, "rb") as f:
                    put("fuzz_image_decode", name, f.read())


if __name__ == "__main__":
    for target in ["fuzz_safetensors", "fuzz_json_lite", "fuzz_style_library", "fuzz_catalogue", "fuzz_caffe", "fuzz_image_decode", "fuzz_presets"]:
        os.makedirs(os.path.join(CORPUS, target), exist_ok=True)
    seeds_safetensors()
    seeds_json()
    seeds_style_library()
    seeds_catalogue()
    seeds_caffe()
    seeds_presets()
    seeds_images()
    for target in sorted(os.listdir(CORPUS)):
        print(target, len(os.listdir(os.path.join(CORPUS, target))), "seeds")
