#!/usr/bin/env bash
# Leak check of a small batch under heaptrack: shuimo-cli batch runs 10 tiny jobs
# on generated weights, then every leak whose stack passes through our code
# (shuimo::) is listed, minus one-time library set-up (torch's operator registry,
# OpenCV's GDAL plugin registration, thread stacks and thread-local storage).
# A leak per job would show as a record with "over 10 calls" or more: the script fails then.
#
#   tools/heaptrack_batch.sh [build-dir]        (default build/release)
set -euo pipefail
build=${1:-build/release}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cli="$build/app/cli/shuimo-cli"
"$build/tests/write_random_weights" "$work/vgg19.safetensors" >/dev/null
mkdir -p "$work/photos"
python3 - "$work" <<'PY'
import struct, sys, zlib
root = sys.argv[1]
def png(path, w, h, seed):
    raw = b''.join(b'\0' + bytes((x * 7 + y * 13 + seed * 31) % 256 for x in range(w * 3)) for y in range(h))
    chunk = lambda t, d: struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    open(path, 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
                           + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))
png(f'{root}/photos/a.png', 40, 32, 1); png(f'{root}/photos/b.png', 32, 40, 2); png(f'{root}/ink.png', 48, 48, 3)
open(f'{root}/q.json', 'w').write('''{"output": {"folder": "out"}, "params": {"size": 24, "iterations": 2, "scales": 1, "device": "cpu"},
 "contents": ["photos"], "styles": ["ink.png"],
 "presets": [{"name": "a"}, {"name": "b", "params": {"tv_weight": 2}}, {"name": "c", "params": {"content_weight": 3}},
             {"name": "d", "params": {"seed": "5"}}, {"name": "e", "params": {"style_weight": 1e4}}]}''')
PY
(cd "$work" && OMP_WAIT_POLICY=PASSIVE heaptrack -o "$work/heap" "$OLDPWD/$cli" batch q.json --weights vgg19.safetensors)
heaptrack_print -f "$work"/heap.*zst --print-leaks 1 --print-peaks 0 --print-allocators 0 --print-temporary 0 -n 2000 \
  > "$work/leaks.txt" 2>/dev/null
python3 - "$work/leaks.txt" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
total = re.search(r'total memory leaked: (\S+)', text)
records = re.split(r'\n(?=\S[^\n]*leaked over)', text)
one_time = ('GDALAllRegister', 'call_init', 'Dispatcher', 'Library::_', 'gdcm', '_dl_allocate_tls', 'cpuinfo_initialize',
            'TLSDataContainer', 'pthreadpool_create')
calls = lambda r: int(re.search(r'leaked over (\d+) calls', r).group(1))
ours = [r for r in records if 'shuimo::' in r and not any(k in r for k in one_time)]
repeated = [r for r in ours if calls(r) >= 10]  # 10 jobs: a leak per job allocates at least 10 times
print(f'heaptrack: total leaked at exit {total.group(1) if total else "?"}; through shuimo:: code, not one-time '
      f'library set-up: {len(ours)} record(s), {len(repeated)} of them repeated once a job or more')
for r in ours:
    print(r.split(chr(10))[0])
for r in repeated:
    print(r[:2000]); print('-----')
sys.exit(1 if repeated else 0)
PY
