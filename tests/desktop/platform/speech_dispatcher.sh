#!/usr/bin/env bash
# speech_dispatcher.sh - the game's voice through a real Speech Dispatcher
# with the espeak-ng module (Debian: speech-dispatcher,
# speech-dispatcher-espeak-ng, libspeechd2): a private server (its own
# socket, configuration, logs and home; audio to ALSA's null device, so
# nothing plays and no system service is touched) takes a watched game's
# sentences; its log must hold each one the game's --speech-log writes for
# the same game. Skipped (status 77) where the packages are missing.
#   speech_dispatcher.sh TICTACTOE WORKDIR
set -euo pipefail
game=$1
work=$2
modules=/usr/lib/speech-dispatcher-modules
if ! command -v speech-dispatcher >/dev/null || [ ! -x "$modules/sd_espeak-ng" ] ||
   ! /sbin/ldconfig -p 2>/dev/null | grep 'libspeechd\.so\.2 ' >/dev/null; then
  echo "SKIP: speech-dispatcher, its espeak-ng module or libspeechd2 is not installed"
  exit 77
fi
rm -rf "$work"
mkdir -p "$work/log" "$work/home"
cp -r /etc/speech-dispatcher "$work/conf"
sed -i 's/^#* *AudioOutputMethod .*/AudioOutputMethod "alsa"/' "$work/conf/speechd.conf"
sed -i 's/^#* *DefaultModule .*/DefaultModule espeak-ng/' "$work/conf/speechd.conf"
printf 'pcm.!default { type null }\nctl.!default { type hw card 0 }\n' >"$work/home/.asoundrc"
sock=$work/sock
HOME=$work/home XDG_RUNTIME_DIR=$work/home speech-dispatcher -s -l 5 -L "$work/log" \
  -c unix_socket -S "$sock" -t 30 -C "$work/conf" -P "$work/pid" >"$work/server.out" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  [ -S "$sock" ] && break
  sleep 0.1
done
[ -S "$sock" ] || { echo "FAIL: speech-dispatcher made no socket"; cat "$work/server.out"; exit 1; }

# The same watched game twice: once into the log, once aloud.
run=(--speak on --mode cvc --speed fast --quit-after-games 1 --seed 3 --settings "$work/settings.ini")
"$game" "${run[@]}" --speech-log "$work/expected.txt"
SPEECHD_ADDRESS="unix_socket:$sock" "$game" "${run[@]}"
[ -s "$work/expected.txt" ] || { echo "FAIL: the speech log is empty"; exit 1; }
grep -q 'X wins!\|O wins!\|Draw' "$work/expected.txt" || { echo "FAIL: no result said"; exit 1; }

# What the server queued for speaking (log level 5: "Queueing message |text|").
received=$work/received.txt
for _ in $(seq 50); do
  sed -n 's/.*Queueing message |\(.*\)| with priority.*/\1/p' "$work/log/speech-dispatcher.log" >"$received"
  [ "$(wc -l <"$received")" -ge "$(wc -l <"$work/expected.txt")" ] && break
  sleep 0.1
done
missing=0
while IFS= read -r line; do
  grep -qxF -- "$line" "$received" || { echo "FAIL: not received: $line"; missing=1; }
done <"$work/expected.txt"
[ "$missing" = 0 ] || { echo "received:"; cat "$received"; exit 1; }
# The espeak-ng module made sound of it (sent to the null device).
grep -q 'Sending [0-9]* samples to audio' "$work/log/speech-dispatcher.log" ||
  { echo "FAIL: espeak-ng synthesised nothing"; exit 1; }
echo "ok: speech-dispatcher received all $(wc -l <"$work/expected.txt") sentences"
