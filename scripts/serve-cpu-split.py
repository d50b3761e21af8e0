#!/usr/bin/env python3
"""Where the CPU goes while `fcgen-bench serve --instances N` runs: the servers, PostgreSQL, wrk and the rest.

    scripts/serve-cpu-split.py run OUT -- fcgen-bench serve --instances 3
        runs the bench (FCGEN_BENCH_POSTGRES_URL must name the cluster; PGDATA_DIR its data directory, for the
        postmaster's pid), its progress lines stamped with the time in OUT/progress.log, and once a second the CPU
        of its children (`fcgen serve`, wrk), of that cluster's backends and of everything else, and
        pg_stat_activity's client backends by state and wait event, in OUT/samples.log
    scripts/serve-cpu-split.py report OUT
        per load phase (the 10 s before each PostgreSQL progress line): req/s, cores used by each group, CPU
        milliseconds per request of the servers, PostgreSQL and wrk, and the backends' average states

The machine's other work shows as `other`: on a shared machine the req/s follow the share the bench gets, and the
CPU per request is the figure that compares instance counts.
"""
import collections, os, re, subprocess, sys, threading, time
from urllib.parse import urlparse


def processes():
    found = {}
    for name in os.listdir('/proc'):
        if not name.isdigit():
            continue
        try:
            stat = open(f'/proc/{name}/stat').read()
        except OSError:
            continue
        close = stat.rindex(')')
        fields = stat[close + 2:].split()
        found[int(name)] = (stat[stat.index('(') + 1:close], int(fields[1]), int(fields[11]) + int(fields[12]))
    return found


def sample(bench, postmaster, url, out):
    tick = os.sysconf('SC_CLK_TCK')
    parsed = urlparse(url)
    previous = processes()
    while bench.poll() is None:
        time.sleep(1)
        current = processes()
        cpu = collections.Counter({'fcgen': 0, 'wrk': 0, 'pg': 0, 'other': 0})
        for pid, (command, parent, ticks) in current.items():
            if pid not in previous:
                continue
            if parent == bench.pid:
                group = 'wrk' if command == 'wrk' else 'fcgen'
            elif pid == postmaster or parent == postmaster:
                group = 'pg'
            elif pid == bench.pid:
                group = 'bench'
            else:
                group = 'other'
            cpu[group] += ticks - previous[pid][2]
        query = ("select replace(k, ' ', '_') || '=' || count(*) from (select coalesce(state, '-') || '/' || "
                 "coalesce(wait_event, 'cpu') as k from pg_stat_activity where backend_type = 'client backend' "
                 "and pid <> pg_backend_pid()) s group by k order by k")
        try:
            states = subprocess.run(
                ['psql', '-h', parsed.hostname or '127.0.0.1', '-p', str(parsed.port or 5432), '-U',
                 parsed.username or 'postgres', '-d', 'postgres', '-Atc', query],
                capture_output=True, text=True, timeout=5).stdout.split()
        except (OSError, subprocess.SubprocessError):
            states = []
        out.write(f'{time.time():.1f} ' + ' '.join(f'{k}={v / tick:.2f}' for k, v in sorted(cpu.items()))
                  + ' ' + ' '.join(states) + '\n')
        out.flush()
        previous = current


def run(folder, command):
    os.makedirs(folder, exist_ok=True)
    url = os.environ.get('FCGEN_BENCH_POSTGRES_URL', '')
    postmaster = int(open(os.path.join(os.environ['PGDATA_DIR'], 'postmaster.pid')).readline())
    with open(os.path.join(folder, 'progress.log'), 'w') as progress, \
            open(os.path.join(folder, 'samples.log'), 'w') as samples:
        bench = subprocess.Popen(command, stdout=open(os.path.join(folder, 'report.jsonl'), 'w'),
                                 stderr=subprocess.PIPE, text=True)
        sampler = threading.Thread(target=sample, args=(bench, postmaster, url, samples), daemon=True)
        sampler.start()
        for line in bench.stderr:
            progress.write(f'{time.time():.1f} {line}')
            progress.flush()
        bench.wait()
        sampler.join()
        return bench.returncode


def report(folder):
    samples = []
    last = None
    for line in open(os.path.join(folder, 'samples.log')):
        stamp, *pairs = line.split()
        # Each line covers the time since the one before (a second, more when psql is slow to answer).
        seconds, last = (float(stamp) - last if last else 1.0), float(stamp)
        cpu, states = {}, collections.Counter()
        for pair in pairs:
            key, _, value = pair.partition('=')
            try:
                if '/' in key:
                    states[key] += int(value)
                else:
                    cpu[key] = float(value)
            except ValueError:
                continue
        samples.append((float(stamp), seconds, cpu, states))
    for line in open(os.path.join(folder, 'progress.log')):
        phase = re.search(r'^([0-9.]+) serve \[postgres(?:, (\d+) instances)?\] (\w+): (\d+) req/s', line)
        if not phase:
            continue
        end, instances, load, rate = float(phase[1]), phase[2] or '1', phase[3], float(phase[4])
        window = [s for s in samples if end - 10 < s[0] <= end + 0.5]
        if not window:
            continue
        seconds = sum(s[1] for s in window)
        cores = collections.Counter()
        states = collections.Counter()
        for _, length, cpu, state in window:
            cores.update(cpu)
            states.update({k: v * length for k, v in state.items()})
        per_request = {k: cores[k] * 1000 / (rate * seconds) for k in ('fcgen', 'pg', 'wrk')}
        print(f'{instances} instance(s) {load:7s} {rate:6.0f} req/s | cores '
              + ' '.join(f'{k} {cores[k] / seconds:.2f}' for k in ('fcgen', 'pg', 'wrk', 'other'))
              + ' | CPU ms/request ' + ' '.join(f'{k} {v:.2f}' for k, v in per_request.items())
              + f' (sum {sum(per_request.values()):.2f}) | backends '
              + ' '.join(f'{k} {v / seconds:.1f}' for k, v in sorted(states.items())))


if __name__ == '__main__':
    if len(sys.argv) > 3 and sys.argv[1] == 'run' and sys.argv[3] == '--':
        sys.exit(run(sys.argv[2], sys.argv[4:]))
    if len(sys.argv) == 3 and sys.argv[1] == 'report':
        report(sys.argv[2])
        sys.exit(0)
    sys.stderr.write(__doc__)
    sys.exit(64)
