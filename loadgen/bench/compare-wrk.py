#!/usr/bin/env python3
"""Built-in generator against wrk, same proxy, same origin, back to back.

Starts stub-origin (50 ms, 1 KiB) and proxy-netty on loopback, warms them with wrk, then for each
round and each connection count runs wrk (-t2) and one step of the built-in generator (a
long-lived process, -t 2, warmed by a step of its own) for the same duration. Prints one row per
run: req/s, p50, p99, errors, and each generator's own CPU per request (utime+stime of its process
during the run). Run it alone, from the repository root, after `mvn -DskipTests package`.

  loadgen/bench/compare-wrk.py [--levels 100,400,1000] [--duration 10] [--rounds 2] [--warmup 20]
"""
import argparse, json, os, socket, subprocess, sys, tempfile, time

CLK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK  # utime, stime


def wait_port(port, limit=30):
    deadline = time.time() + limit
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), 0.5).close()
            return
        except OSError:
            time.sleep(0.2)
    sys.exit(f"port {port} did not open within {limit} s")


def run_wrk(url, conns, duration, lua):
    with tempfile.TemporaryDirectory() as tmp:
        out, tf = os.path.join(tmp, "wrk.json"), os.path.join(tmp, "time")
        cmd = ["/usr/bin/time", "-f", "%U %S", "-o", tf, "wrk", "--latency", "-t2", f"-c{conns}",
               f"-d{duration}s", "--timeout", "2s", "-s", lua, url]
        subprocess.run(cmd, env=dict(os.environ, WRK_JSON=out), stdout=subprocess.DEVNULL, check=True)
        with open(out) as f:
            r = json.load(f)
        with open(tf) as f:
            user, system = map(float, f.read().split()[-2:])
    errors = sum(r["errors"].values())
    return dict(requests=r["requests"], seconds=r["durationUs"] / 1e6, p50=r["latencyUs"]["p50"],
                p99=r["latencyUs"]["p99"], errors=errors, cpu=user + system), " ".join(cmd[5:])


def run_step(gen, conns, duration, name):
    before = cpu_seconds(gen.pid)
    gen.stdin.write(f"step name={name} connections={conns} duration={duration}s timeout=2s\n")
    gen.stdin.flush()
    r = json.loads(gen.stdout.readline())
    after = cpu_seconds(gen.pid)
    if r.get("type") != "step":
        sys.exit(f"generator said: {r}")
    return dict(requests=r["requests"], seconds=r["durationUs"] / 1e6, p50=r["latencyUs"]["p50"],
                p99=r["latencyUs"]["p99"], errors=sum(r["errors"].values()), cpu=after - before)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--levels", default="100,400,1000")
    p.add_argument("--duration", type=int, default=10)
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--warmup", type=int, default=20)
    a = p.parse_args()
    lua = "loadtest/src/main/resources/wrk/report.lua"
    url = "http://127.0.0.1:19080/"
    procs = []
    try:
        procs.append(subprocess.Popen(["java", "-jar", "stub-origin/target/stub-origin.jar", "--port", "19100",
                                       "--latency", "50ms", "--payload-size", "1024"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        wait_port(19100)
        procs.append(subprocess.Popen(["java", "-jar", "proxy-netty/target/proxy-netty.jar", "--port", "19080",
                                       "--admin-port", "19081", "--route", "/=127.0.0.1:19100"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        wait_port(19080)
        subprocess.run(["wrk", "-t2", "-c400", f"-d{a.warmup}s", url], stdout=subprocess.DEVNULL, check=True)
        gen_cmd = ["java", "-jar", "loadgen/target/proxybench-loadgen.jar", "-t", "2", "--stdin", url]
        gen = subprocess.Popen(gen_cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               text=True)
        procs.append(gen)
        gen.stdout.readline()  # ready
        # the generator's JIT settles over its first 20-30 s: warm it at every level before measuring
        for conns in map(int, a.levels.split(",")):
            run_step(gen, conns, a.warmup // 2, f"warmup-{conns}")
        print(f"wrk: /usr/bin/time -f '%U %S' wrk --latency -t2 -cN -d{a.duration}s --timeout 2s -s {lua} {url}")
        print(f"loadgen: {' '.join(gen_cmd)}  <<< 'step connections=N duration={a.duration}s timeout=2s'")
        print("| round | conns | generator | req/s | p50 ms | p99 ms | errors | CPU s | CPU µs/req |")
        print("|---|---|---|---|---|---|---|---|---|")
        for rnd in range(1, a.rounds + 1):
            for conns in map(int, a.levels.split(",")):
                for name, fn in (("wrk", lambda: run_wrk(url, conns, a.duration, lua)[0]),
                                 ("loadgen", lambda: run_step(gen, conns, a.duration, f"c{conns}-r{rnd}"))):
                    r = fn()
                    print(f"| {rnd} | {conns} | {name} | {r['requests'] / r['seconds']:.0f} | {r['p50'] / 1e3:.2f} | "
                          f"{r['p99'] / 1e3:.2f} | {r['errors']} | {r['cpu']:.2f} | "
                          f"{r['cpu'] * 1e6 / max(1, r['requests']):.1f} |", flush=True)
        gen.stdin.write("quit\n")
        gen.stdin.flush()
        gen.wait(30)
    finally:
        for proc in reversed(procs):
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()


if __name__ == "__main__":
    main()
