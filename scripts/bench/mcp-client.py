#!/usr/bin/env python3
"""Times run_swift calls through `workbook mcp`: a minimal JSON-RPC client
on the server's stdio (the standard library only, so that the client adds
nothing to the figures). Starts the server, initializes, makes one warm-up
call, then ROUNDS timed calls with FILE's content, and appends each call's
"WALL CPU LOAD" to TIMES (timing.py's format): WALL from the request's
write to the response's read, CPU the server's own and its children's
(compilers, programs) user + system time over the call, from /proc.

    mcp-client.py BIN BOOK FILE ROUNDS TIMES
"""
import json
import os
import subprocess
import sys
import time


def cpu_seconds(pid):
    """utime + stime + cutime + cstime of `pid`, in seconds (/proc/PID/stat)."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def main(binary, book, file, rounds, times):
    server = subprocess.Popen([binary, "mcp", "--book", book], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, cwd=os.path.dirname(book))
    next_id = 0

    def request(method, params):
        nonlocal next_id
        next_id += 1
        server.stdin.write((json.dumps({"jsonrpc": "2.0", "id": next_id, "method": method, "params": params}) + "\n").encode())
        server.stdin.flush()
        while True:
            message = json.loads(server.stdout.readline())
            if message.get("id") == next_id:
                if "error" in message:
                    sys.exit(f"{method}: {message['error']}")
                return message["result"]

    request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                           "clientInfo": {"name": "bench", "version": "1"}})
    server.stdin.write(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}\n')
    arguments = {"files": [{"path": os.path.basename(file), "content": open(file).read()}]}
    warm = request("tools/call", {"name": "run_swift", "arguments": arguments})
    if warm["structuredContent"]["outcome"] != "finished":
        sys.exit("the warm-up run did not finish:\n" + warm["content"][0]["text"])
    with open(times, "a") as out:
        for _ in range(rounds):
            cpu = cpu_seconds(server.pid)
            start = time.monotonic()
            request("tools/call", {"name": "run_swift", "arguments": arguments})
            wall = time.monotonic() - start
            out.write(f"{wall:.3f} {cpu_seconds(server.pid) - cpu:.3f} {os.getloadavg()[0]:.2f}\n")
    server.stdin.close()
    server.wait(timeout=30)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5])
