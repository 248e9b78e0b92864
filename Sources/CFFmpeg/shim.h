// FFmpeg's headers, plus the few macros Swift cannot import, as static inline functions.
#ifndef SEGUE_CFFMPEG_SHIM_H
#define SEGUE_CFFMPEG_SHIM_H
#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/dict.h>
#include <libavutil/log.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>

static inline int segue_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int segue_averror_eof(void) { return AVERROR_EOF; }
static inline int segue_averror(int posixErrno) { return AVERROR(posixErrno); }
static inline int64_t segue_av_nopts_value(void) { return AV_NOPTS_VALUE; }

/// av_err2str is a macro around a compound literal; this fills a caller-provided buffer instead.
static inline const char *segue_av_strerror(int errnum, char *buf, size_t size) {
    av_strerror(errnum, buf, size);
    return buf;
}
#endif
