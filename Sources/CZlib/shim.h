// zlib's checksums (crc32, adler32, adler32_combine), for the studio's stored PNG frames.
#ifndef SEGUE_CZLIB_SHIM_H
#define SEGUE_CZLIB_SHIM_H
#include <zlib.h>
#endif
