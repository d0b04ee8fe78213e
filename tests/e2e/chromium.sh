#!/bin/sh
# The browser the end-to-end tests launch (playwright.config.ts): Debian's Chromium headless shell
# when installed, else the full Chromium, at a lower CPU priority than the app server and the test
# stages beside it. Both share the machine's two cores; a busy page (video, software compositing)
# starved the server's event loop for 0.3–1.2 s at a time, past Socket.IO's 1.5 s ping timeout in
# e2e, and every socket reconnected at once (decision 038). Without CAP_SYS_NICE (setpriv,
# util-linux), as root has it: Chromium raises its browser and GPU processes' display threads to
# nice -8 when it may, which put them above the server and the test runners beside them (decision
# 038, 'Stop 40'). The nice counts where the kernel weighs processes one by one; with its autogroups
# (Debian's default) it shares the CPU between sessions first, and Playwright gives each browser a
# session of its own (decision 038, 'Stop 41' and 'Stop 42').
if [ -n "$CHROMIUM_PATH" ]; then browser=$CHROMIUM_PATH
elif [ -x /usr/bin/chromium-headless-shell ]; then browser=/usr/bin/chromium-headless-shell
else browser=/usr/bin/chromium
fi
if command -v setpriv >/dev/null; then
  exec setpriv --bounding-set -sys_nice --inh-caps -sys_nice nice -n 10 "$browser" "$@"
fi
exec nice -n 10 "$browser" "$@"
