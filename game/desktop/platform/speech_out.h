/*
 * speech_out.h - the desktop game's voice: says announce.h's sentences
 * through the system's speech, so a person who cannot see the screen can
 * play. On Linux through Speech Dispatcher (libspeechd.so.2, loaded at run
 * time: where it is missing the game runs silent, and says so once in its
 * log); on Windows through SAPI (ISpVoice); in a browser nothing is built
 * (the page's live region speaks, platform_web.c).
 *
 * When it speaks: settings.speak on, or auto while the desktop's screen
 * reader is on (GNOME's org.gnome.desktop.a11y.applications
 * screen-reader-enabled, read with gsettings; Windows:
 * SPI_GETSCREENREADER). The switch is followed while the game runs: looked
 * at again, on the speech thread, when a sentence comes and the last look
 * is SPEECH_OUT_READER_RECHECK_MS old. A log file (--speech-log) takes the
 * sentences instead of the voice, one a line, for tests.
 *
 * The caller never waits: speech_out_say() copies the sentence into a
 * queue; a thread of its own looks for the screen reader, loads the
 * library, connects (which can take a while: Speech Dispatcher may be
 * started on demand) and speaks, like audio.h's thread opens the sound
 * device.
 *
 * Usage (every call from the same thread):
 *     speech_out *s = speech_out_create(SETTINGS_SPEAK_AUTO, NULL);
 *     speech_out_say(s, "X: row 2, column 2", false);
 *     speech_out_set_mode(s, SETTINGS_SPEAK_OFF);
 *     speech_out_destroy(s);
 */
#ifndef GAME_SPEECH_OUT_H
#define GAME_SPEECH_OUT_H

#include <stdbool.h>

#include "settings.h"

/** How old the last look at the screen reader's switch may be when a
 *  sentence comes (auto): older, it is looked at again. */
#define SPEECH_OUT_READER_RECHECK_MS 1000
/** The longest text said at once, in bytes with its NUL (the help said
 *  whole); longer ones are cut. */
#define SPEECH_OUT_TEXT_MAX 4096
/** Sentences waiting to be spoken at most; the oldest give way. */
#define SPEECH_OUT_QUEUE_MAX 16
/** The longest a quit waits for the speech thread (which may be stuck
 *  connecting) before leaving it behind. */
#define SPEECH_OUT_CLOSE_WAIT_MS 2000

typedef struct speech_out speech_out;

/**
 * Make the speech output and start its thread. @p mode is settings.speak;
 * @p log_path, when not NULL, is a file that receives each sentence as a
 * line instead of the voice (created or emptied now; the screen reader
 * still decides for SETTINGS_SPEAK_AUTO).
 * @return The output, or NULL (logged) when the log cannot be opened or
 * memory or a thread could not be had: the game goes on without speech.
 */
speech_out *speech_out_create(settings_speak mode, const char *log_path);

/** Speak or not from now on, as settings.speak says. NULL: nothing. */
void speech_out_set_mode(speech_out *s, settings_speak mode);

/** The language of the sentences from now on, as language_key() writes
 *  it ("fr"), so the voice reads them as that language. NULL: nothing. */
void speech_out_set_language(speech_out *s, const char *key);

/**
 * Say @p text (UTF-8, copied). @p interrupt: stop what is being said and
 * drop what waits (the cursor's square as it moves); otherwise it is said
 * after the rest. Returns at once. NULL or empty text: nothing.
 */
void speech_out_say(speech_out *s, const char *text, bool interrupt);

/** Hand over what waits, stop the thread (waiting at most
 *  SPEECH_OUT_CLOSE_WAIT_MS for it) and free @p s. NULL: nothing. */
void speech_out_destroy(speech_out *s);

#endif /* GAME_SPEECH_OUT_H */
