// FFmpeg's headers, plus the few macros Swift cannot import, as static inline functions.
#ifndef SEGUE_CFFMPEG_SHIM_H
#define SEGUE_CFFMPEG_SHIM_H
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/dict.h>
#include <libavutil/log.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavutil/macros.h>

static inline int segue_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int segue_averror_eof(void) { return AVERROR_EOF; }
static inline int segue_averror(int posixErrno) { return AVERROR(posixErrno); }
static inline int64_t segue_av_nopts_value(void) { return AV_NOPTS_VALUE; }

/// av_err2str is a macro around a compound literal; this fills a caller-provided buffer instead.
static inline const char *segue_av_strerror(int errnum, char *buf, size_t size) {
    av_strerror(errnum, buf, size);
    return buf;
}
// ---- Media helpers (Sources/Media). Each wraps a macro, a fixed-size array field or a pointer
// array that Swift imports awkwardly. The decisions stay in Swift, except where C is the only
// place for them: libavfilter's lazy loading and the async-signal-safe signal handler below.

static inline int segue_codec_flag_global_header(void) { return AV_CODEC_FLAG_GLOBAL_HEADER; }
static inline int segue_codec_flag_closed_gop(void) { return (int)AV_CODEC_FLAG_CLOSED_GOP; }
static inline int segue_codec_flag_qscale(void) { return (int)AV_CODEC_FLAG_QSCALE; }
static inline int segue_ff_qp2lambda(void) { return FF_QP2LAMBDA; }
static inline int segue_fmt_flag_globalheader(void) { return AVFMT_GLOBALHEADER; }
static inline int segue_fmt_flag_nofile(void) { return AVFMT_NOFILE; }
static inline int segue_averror_invaldata(void) { return AVERROR_INVALIDDATA; }

static inline uint8_t *segue_frame_data(const AVFrame *f, int plane) { return f->data[plane]; }
static inline uint8_t **segue_frame_extended_data(AVFrame *f) { return f->extended_data; }
static inline int segue_frame_linesize(const AVFrame *f, int plane) { return f->linesize[plane]; }

/// Points a yuv420p frame of w×h (both even) at one buffer from `pool`, which must hold at least
/// segue_yuv420p_pool_size(w, h) bytes. Rows are 64-byte aligned for swscale's and x264's SIMD.
static inline int segue_yuv420p_linesize_luma(int w) { return FFALIGN(w, 64); }
static inline int segue_yuv420p_linesize_chroma(int w) { return FFALIGN(w / 2, 64); }
static inline size_t segue_yuv420p_pool_size(int w, int h) {
    return (size_t)segue_yuv420p_linesize_luma(w) * h
         + 2 * (size_t)segue_yuv420p_linesize_chroma(w) * (h / 2) + 64 + AV_INPUT_BUFFER_PADDING_SIZE;
}
static inline int segue_frame_attach_yuv420p(AVFrame *f, AVBufferPool *pool, int w, int h) {
    AVBufferRef *buf = av_buffer_pool_get(pool);
    if (!buf) return AVERROR(ENOMEM);
    uint8_t *base = (uint8_t *)(((uintptr_t)buf->data + 63) & ~(uintptr_t)63);
    int ly = segue_yuv420p_linesize_luma(w), lc = segue_yuv420p_linesize_chroma(w);
    av_buffer_unref(&f->buf[0]);
    f->buf[0] = buf;
    f->data[0] = base;
    f->data[1] = base + (size_t)ly * h;
    f->data[2] = f->data[1] + (size_t)lc * (h / 2);
    f->linesize[0] = ly; f->linesize[1] = lc; f->linesize[2] = lc;
    f->format = AV_PIX_FMT_YUV420P;
    f->width = w; f->height = h;
    return 0;
}

/// Packed source (one plane) → every plane of `dst`.
static inline int segue_sws_scale_packed_to_frame(struct SwsContext *c, const uint8_t *src, int srcStride,
                                                  int srcH, AVFrame *dst) {
    const uint8_t *planes[4] = { src, NULL, NULL, NULL };
    const int strides[4] = { srcStride, 0, 0, 0 };
    return sws_scale(c, planes, strides, 0, srcH, dst->data, dst->linesize);
}

/// Every plane of `src` → a packed destination (one plane).
static inline int segue_sws_scale_frame_to_packed(struct SwsContext *c, const AVFrame *src,
                                                  uint8_t *dst, int dstStride) {
    uint8_t *planes[4] = { dst, NULL, NULL, NULL };
    const int strides[4] = { dstStride, 0, 0, 0 };
    return sws_scale(c, (const uint8_t *const *)src->data, src->linesize, 0, src->height, planes, strides);
}

/// Packed source → a packed frame's first plane (e.g. RGBA → rgb24 for the PNG encoder).
static inline int segue_sws_scale_packed_to_packed(struct SwsContext *c, const uint8_t *src, int srcStride,
                                                   int srcH, uint8_t *dst, int dstStride) {
    const uint8_t *sp[4] = { src, NULL, NULL, NULL };
    const int ss[4] = { srcStride, 0, 0, 0 };
    uint8_t *dp[4] = { dst, NULL, NULL, NULL };
    const int ds[4] = { dstStride, 0, 0, 0 };
    return sws_scale(c, sp, ss, 0, srcH, dp, ds);
}
/// Any pixel format from one pooled buffer, every plane's rows 64-byte aligned (yuv420p gets the
/// same layout as segue_frame_attach_yuv420p). Returns the bytes a pool buffer needs (< 0: error).
static inline int64_t segue_image_layout(enum AVPixelFormat fmt, int w, int h, int linesize[4], size_t planeSize[4]) {
    int ls[4] = {0, 0, 0, 0};
    int r = av_image_fill_linesizes(ls, fmt, w);
    if (r < 0) return r;
    ptrdiff_t pls[4];
    for (int i = 0; i < 4; i++) { ls[i] = FFALIGN(ls[i], 64); pls[i] = ls[i]; linesize[i] = ls[i]; }
    r = av_image_fill_plane_sizes(planeSize, fmt, h, pls);
    if (r < 0) return r;
    int64_t total = 0;
    for (int i = 0; i < 4; i++) total += (int64_t)planeSize[i];
    return total + 64 + AV_INPUT_BUFFER_PADDING_SIZE;
}
static inline size_t segue_image_pool_size(enum AVPixelFormat fmt, int w, int h) {
    int ls[4]; size_t ps[4];
    int64_t n = segue_image_layout(fmt, w, h, ls, ps);
    return n < 0 ? 0 : (size_t)n;
}
static inline int segue_frame_attach_pooled(AVFrame *f, AVBufferPool *pool, enum AVPixelFormat fmt, int w, int h) {
    int ls[4]; size_t ps[4];
    int64_t n = segue_image_layout(fmt, w, h, ls, ps);
    if (n < 0) return (int)n;
    AVBufferRef *buf = av_buffer_pool_get(pool);
    if (!buf) return AVERROR(ENOMEM);
    uint8_t *p = (uint8_t *)(((uintptr_t)buf->data + 63) & ~(uintptr_t)63);
    av_buffer_unref(&f->buf[0]);
    f->buf[0] = buf;
    for (int i = 0; i < 4; i++) {
        f->data[i] = ps[i] ? p : NULL;
        f->linesize[i] = ps[i] ? ls[i] : 0;
        p += ps[i];
    }
    f->format = fmt;
    f->width = w; f->height = h;
    return 0;
}

static inline uint32_t segue_mktag(char a, char b, char c, char d) { return MKTAG(a, b, c, d); }
static inline int segue_fmt_flag_bitexact(void) { return AVFMT_FLAG_BITEXACT; }
static inline int segue_buffersrc_flag_keep_ref(void) { return AV_BUFFERSRC_FLAG_KEEP_REF; }
static inline int segue_buffersrc_flag_push(void) { return AV_BUFFERSRC_FLAG_PUSH; }
static inline int segue_log_level(void) { return av_log_get_level(); }

// ---- libavfilter, opened with dlopen on first use (GIF only): it is not linked, because its
// ~30 dependencies (flite voices, librsvg, …) cost every process ≈ 34 ms and ≈ 12 MB at start-up.
// The headers above still give the types. Each field has the type of the function it names
// (__typeof__ is unevaluated: no link-time reference), so the compiler checks the table.
#define SEGUE_AVFILTER_FUNCTIONS(X) \
    X(avfilter_graph_alloc) X(avfilter_graph_free) X(avfilter_get_by_name) \
    X(avfilter_graph_create_filter) X(avfilter_link) X(avfilter_graph_config) \
    X(av_buffersrc_add_frame_flags) X(av_buffersink_get_frame)
#define SEGUE_AVFILTER_FIELD(name) __typeof__(&name) name;
typedef struct SegueAVFilter { SEGUE_AVFILTER_FUNCTIONS(SEGUE_AVFILTER_FIELD) } SegueAVFilter;
#undef SEGUE_AVFILTER_FIELD

/// The soname these headers were built for, e.g. "libavfilter.so.8".
static inline const char *segue_avfilter_soname(void) {
    return "libavfilter.so." AV_STRINGIFY(LIBAVFILTER_VERSION_MAJOR);
}
/// dlopen(RTLD_NOW | RTLD_LOCAL) + dlsym of every function into `api`: 0, or -1 with dlerror()'s
/// text in `err` and the library closed again. On success it stays open. Not thread-safe by itself:
/// Swift calls it once, from a `static let`.
static inline int segue_avfilter_load(SegueAVFilter *api, char *err, size_t errSize) {
    void *h = dlopen(segue_avfilter_soname(), RTLD_NOW | RTLD_LOCAL);
    if (!h) { snprintf(err, errSize, "%s", dlerror()); return -1; }
#define SEGUE_AVFILTER_SYM(name) \
    if (!(api->name = (__typeof__(api->name))dlsym(h, #name))) { \
        const char *e = dlerror(); \
        snprintf(err, errSize, "%s: no %s (%s)", segue_avfilter_soname(), #name, e ? e : "null"); \
        dlclose(h); return -1; \
    }
    SEGUE_AVFILTER_FUNCTIONS(SEGUE_AVFILTER_SYM)
#undef SEGUE_AVFILTER_SYM
    return 0;
}

/// renameat2(RENAME_EXCHANGE): swaps two paths atomically (Linux ≥ 3.15, not every filesystem).
/// -1 with errno set on failure (EINVAL/ENOSYS: unsupported here; use a fallback).
static inline int segue_rename_exchange(const char *a, const char *b) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, 2 /* RENAME_EXCHANGE */);
#else
    errno = ENOSYS; return -1;
#endif
}
/// mallopt(M_MMAP_THRESHOLD, bytes) (glibc): 1 on success. See Media/MallocTuning.swift.
#include <malloc.h>
static inline int segue_fix_mmap_threshold(int bytes) { return mallopt(M_MMAP_THRESHOLD, bytes); }
/// mallopt(M_PERTURB, 0xFF): malloc'd memory starts zeroed, as fresh pages do. See Media/MallocTuning.swift.
static inline int segue_zero_new_allocations(void) { return mallopt(M_PERTURB, 0xFF); }

// ---- SIGINT/SIGTERM (Media/Interruption.swift). The handler runs in async-signal context, so it
// only records the first signal (an atomic int, lock-free) and writes its number to a pipe that a
// Swift thread reads; everything else happens on that thread. The state is weak, not static: a
// static would give each Swift module that inlines these functions (cross-module optimisation)
// its own copy; weak definitions are merged by the linker into one.
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
__attribute__((weak)) atomic_int segue_signal_received_ = 0;
__attribute__((weak)) int segue_signal_pipe_[2] = {-1, -1};
static void segue_signal_handler_(int sig) {
    int expected = 0;
    atomic_compare_exchange_strong(&segue_signal_received_, &expected, sig);
    int saved = errno;
    unsigned char b = (unsigned char)sig;
    ssize_t n = write(segue_signal_pipe_[1], &b, 1);
    (void)n;
    errno = saved;
}
/// Installs the handler for `sig` (SA_RESTART: interrupted system calls resume). 0 on success.
static inline int segue_signal_install(int sig) {
    if (segue_signal_pipe_[0] < 0 && pipe2(segue_signal_pipe_, O_CLOEXEC) != 0) return -1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = segue_signal_handler_;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    return sigaction(sig, &sa, NULL);
}
/// Blocks until a signal arrives; its number (-1 if the pipe is gone).
static inline int segue_signal_wait(void) {
    for (;;) {
        unsigned char b;
        ssize_t n = read(segue_signal_pipe_[0], &b, 1);
        if (n == 1) return b;
        if (n < 0 && errno == EINTR) continue;
        return -1;
    }
}
/// The first signal received (0: none yet).
static inline int segue_signal_received(void) { return atomic_load(&segue_signal_received_); }
/// For tests: records `sig` as if it had arrived (0 clears).
static inline void segue_signal_set(int sig) { atomic_store(&segue_signal_received_, sig); }

#endif
