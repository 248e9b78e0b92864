// ICU's common library (icu-uc) as pkg-config finds it: this target only carries the compiler and
// linker flags to CICU, whose C functions call ICU. Swift never imports ICU's headers itself: ICU
// renames every function with a version suffix through macros (ubrk_open → ubrk_open_72), which
// Swift's importer does not apply.
#ifndef SEGUE_CICUSYSTEM_ICU_H
#define SEGUE_CICUSYSTEM_ICU_H
#include <unicode/uversion.h>
#endif
