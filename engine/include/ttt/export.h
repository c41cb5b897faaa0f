/**
 * @file export.h
 * @brief TTT_API, the mark on every public function of the engine.
 *
 * The engine is built with hidden symbol visibility, so only functions
 * marked TTT_API are exported from the shared library (libttt.so, ttt.dll);
 * its internal helpers stay private and outside the ABI. For a Windows DLL
 * the build defines TTT_SHARED (and, while building the engine itself,
 * TTT_BUILDING); CMake passes TTT_SHARED on to programs that link the
 * shared engine through ttt::engine. Nothing needs defining for a static
 * engine.
 */
#ifndef TTT_EXPORT_H
#define TTT_EXPORT_H

/** Marks a function as part of the engine's public, exported API. */
#if defined(_WIN32)
#if !defined(TTT_SHARED)
#define TTT_API
#elif defined(TTT_BUILDING)
#define TTT_API __declspec(dllexport)
#else
#define TTT_API __declspec(dllimport)
#endif
#elif defined(__GNUC__) || defined(__clang__)
#define TTT_API __attribute__((visibility("default")))
#else
#define TTT_API
#endif

#endif /* TTT_EXPORT_H */
