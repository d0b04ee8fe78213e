#!/bin/sh
# The browser the end-to-end tests launch (playwright.config.ts): Debian's Chromium headless shell
# when installed, else the full Chromium, at a lower CPU priority than the app server and the test
# stages beside it. Both share the machine's two cores; a busy page (video, software compositing)
# starved the server's event loop for 0.3–1.2 s at a time, past Socket.IO's 1.5 s ping timeout in
# e2e, and every socket reconnected at once (decision 038). Without CAP_SYS_NICE (setpriv,
# util-linux), as root has it: Chromium raises its browser and GPU processes' display threads to
# nice -8 when it may, which put them above the server and the test runners beside them (decision
# 038, 'Stop 40').
if [ -n "$CHROMIUM_PATH" ]; then browser=$CHROMIUM_PATH
elif [ -x /usr/bin/chromium-headless-shell ]; then browser=/usr/bin/chromium-headless-shell
else browser=/usr/bin/chromium
fi
# Playwright starts the browser in a session of its own, and with the kernel's autogroups (Debian's
# default) a session shares the CPU with every other session as an equal, whatever its processes'
# nice: under `npm test` the browsers took a core each while the Vitest stages beside them, all in
# one session, shared what was left (PostgreSQL stage 407 s, 114 s alone; decision 038, 'Stop 41').
# BROWSER_SESSION_NICE (scripts/test.sh) sets the session's own nice, the one that counts there,
# when this script leads its session (never a caller's).
if [ -n "$BROWSER_SESSION_NICE" ] && [ -w /proc/self/autogroup ]; then
  read -r stat </proc/$$/stat
  session=$(echo "$stat" | sed 's/.*) //' | cut -d' ' -f4)
  if [ "$session" = "$$" ]; then echo "$BROWSER_SESSION_NICE" >/proc/self/autogroup 2>/dev/null || true; fi
fi
if command -v setpriv >/dev/null; then
  exec setpriv --bounding-set -sys_nice --inh-caps -sys_nice nice -n 10 "$browser" "$@"
fi
exec nice -n 10 "$browser" "$@"
