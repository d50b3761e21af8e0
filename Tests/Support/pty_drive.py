#!/usr/bin/env python3
"""Drives a command through a real pseudo-terminal, the way a person at a terminal would.

    pty_drive.py STEPS_JSON COMMAND [ARG...]

STEPS_JSON is a JSON array of {"expect": TEXT, "send": KEYS} steps: wait until TEXT appears in the output (after
the previous match), wait until the program has switched the terminal to raw mode when KEYS is one key (a line,
ending in a return, is typed after a short pause), then write KEYS. After the
last step the output is read to the end. The whole screen transcript goes to stdout; the exit status is the
command's, or 124 when an expected text did not appear within 20 seconds (the transcript so far is printed).
With PTY_COLUMNS set, the terminal is that many columns wide (set in the child before the command starts).
"""
import fcntl
import json
import os
import pty
import select
import struct
import sys
import termios
import time

TIMEOUT = 20.0


def main():
    steps = json.loads(sys.argv[1])
    argv = sys.argv[2:]
    pid, fd = pty.fork()
    if pid == 0:
        columns = os.environ.get("PTY_COLUMNS")
        if columns:
            fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", 24, int(columns), 0, 0))
        os.execv(argv[0], argv)

    output = bytearray()
    position = 0

    def read_some(deadline):
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.time()))
        if not ready:
            return False
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # EIO: the child closed the terminal
            return None
        if not chunk:
            return None
        output.extend(chunk)
        return True

    for step in steps:
        wanted = step["expect"].encode()
        deadline = time.time() + TIMEOUT
        while output.find(wanted, position) < 0:
            if time.time() > deadline or read_some(deadline) is None:
                sys.stdout.write(output.decode("utf-8", "replace"))
                sys.stderr.write("pty_drive: never saw %r\n" % step["expect"])
                os.kill(pid, 9)
                os.waitpid(pid, 0)
                sys.exit(124)
        position = output.find(wanted, position) + len(wanted)
        # The prompt is printed before the program reads a key: a key sent before it enters raw mode would be echoed
        # and held for a line. The master side reads the terminal's modes as the program set them.
        time.sleep(0.15)
        keys = step["send"]
        if len(keys) == 1 and keys != "\r":
            raw_deadline = time.time() + TIMEOUT
            while termios.tcgetattr(fd)[3] & termios.ICANON and time.time() < raw_deadline:
                time.sleep(0.01)
        os.write(fd, keys.encode())

    deadline = time.time() + TIMEOUT
    while time.time() < deadline and read_some(deadline) is not None:
        pass
    _, status = os.waitpid(pid, 0)
    sys.stdout.write(output.decode("utf-8", "replace"))
    sys.exit(os.waitstatus_to_exitcode(status))


if __name__ == "__main__":
    main()
