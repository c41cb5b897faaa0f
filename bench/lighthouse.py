#!/usr/bin/env python3
"""lighthouse.py - Lighthouse's performance figures of the web page
(docs/web.md, "Lighthouse"): the score, total blocking time, time to
interactive, largest and first contentful paint, as medians of N runs,
with the machine's load average beside them.

    python3 bench/lighthouse.py [--runs N] [--host isolating|plain|both]
                                [--json] [--save DIR] [SITE_DIR]

SITE_DIR is what scripts/build-web.sh made (default build-web/site). The
site is served on the loopback by web/serve.py as it is deployed: with the
COOP/COEP headers (`isolating`, as ttt-server --web and a host that can set
headers), and without them (`plain`, as GitHub Pages: the page's service
worker isolates it, with one reload on a first visit). Lighthouse runs with
its defaults: the mobile profile (a mid-range phone's screen) and simulated
throttling (a slow 4G network, the CPU 4 times slower than this machine's),
each run a fresh Chromium profile (no cache, no service worker).

Lighthouse comes from npm, pinned in bench/lighthouse/package-lock.json:

    (cd bench/lighthouse && npm ci)

(scripts/deps.sh bench installs Node.js, npm and Chromium.) Like the other
benchmarks it is run by hand, never by the tests: the figures depend on the
machine, and a loaded machine makes the simulated phone slower too (its CPU
is this one's, slowed down 4 times): the load average is printed with them.
--save DIR keeps each run's whole report (JSON) and its trace for a closer
look. Beside Lighthouse's figures it prints, from the trace, the CPU time
the page's main thread spent in tasks, its longest task (thread time, as
measured, not slowed down) and a total blocking time estimated from them:
figures the other processes of a loaded machine change much less than the
wall-clock ones that Lighthouse's simulation multiplies by 4.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..'))
SERVE = os.path.join(ROOT, 'web', 'serve.py')
LIGHTHOUSE = os.path.join(ROOT, 'bench', 'lighthouse', 'node_modules', '.bin', 'lighthouse')
CHROMIUM = os.environ.get('TTT_CHROMIUM', '/usr/bin/chromium')

# The figures kept from each report: the audit's id and its name here.
METRICS = [('total-blocking-time', 'tbt_ms'), ('interactive', 'tti_ms'),
           ('largest-contentful-paint', 'lcp_ms'), ('first-contentful-paint', 'fcp_ms'),
           ('speed-index', 'si_ms'), ('cumulative-layout-shift', 'cls'),
           ('max-potential-fid', 'max_fid_ms'), ('bootup-time', 'js_time_ms'),
           ('mainthread-work-breakdown', 'main_thread_ms')]


# From the trace (main_thread_cpu).
CPU_FIGURES = ['main_cpu_ms', 'longest_task_cpu_ms', 'main_wall_ms', 'tbt_from_cpu_ms']


class Server:
    """web/serve.py over the site on a free loopback port, until stop()."""

    def __init__(self, site, plain):
        self.proc = subprocess.Popen(
            [sys.executable, SERVE, site, '--port', '0', '--quiet'] + (['--plain'] if plain else []),
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.url = self.proc.stdout.readline().strip()
        if not self.url.startswith('http://'):
            self.stop()
            raise RuntimeError('web/serve.py did not start')

    def stop(self):
        self.proc.stdout.close()
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


def main_thread_cpu(trace_path, report):
    """The page's main thread in the trace of a run, from the navigation to
    the end of the trace: its tasks' CPU time (thread time, which the other
    processes of a loaded machine change much less than wall-clock time),
    their sum and the longest, the wall-clock sum, and a blocking time
    estimated from CPU time the way Lighthouse's simulation counts wall
    time (each task after the first contentful paint: 4 x its CPU time,
    less 50 ms, summed): what a quiet machine would measure, roughly."""
    with open(trace_path, encoding='utf-8') as f:
        trace = json.load(f)
    events = trace['traceEvents'] if isinstance(trace, dict) else trace
    names = {(e['pid'], e['tid']): e['args'].get('name') for e in events if e.get('name') == 'thread_name'}
    counts = {}
    for e in events:
        key = (e.get('pid'), e.get('tid'))
        if names.get(key) == 'CrRendererMain':
            counts[key] = counts.get(key, 0) + 1
    observed = report['audits'].get('metrics', {}).get('details', {}).get('items', [{}])[0]
    origin, fcp = observed.get('observedTimeOriginTs'), observed.get('observedFirstContentfulPaintTs')
    if not counts or origin is None or fcp is None:
        return None
    main = max(counts, key=counts.get)
    tasks = [e for e in events if (e.get('pid'), e.get('tid')) == main and e.get('ph') == 'X' and
             e.get('name') in ('RunTask', 'ThreadControllerImpl::RunTask') and e['ts'] >= origin]
    cpu = [e.get('tdur', e.get('dur', 0)) / 1000 for e in tasks]
    blocking = sum(max(0.0, 4 * e.get('tdur', e.get('dur', 0)) / 1000 - 50) for e in tasks if e['ts'] >= fcp)
    return {'main_cpu_ms': round(sum(cpu)), 'longest_task_cpu_ms': round(max(cpu, default=0)),
            'main_wall_ms': round(sum(e.get('dur', 0) for e in tasks) / 1000),
            'tbt_from_cpu_ms': round(blocking)}


def run_once(url, out_path):
    """One Lighthouse run (mobile, simulated throttling) of url; its report
    (with the trace beside it: out_path without .json, -0.trace.json)."""
    profile = tempfile.mkdtemp(prefix='ttt-lighthouse-')
    try:
        env = dict(os.environ, CHROME_PATH=CHROMIUM)
        cmd = [LIGHTHOUSE, url, '--quiet', '--only-categories=performance', '--output=json',
               '--output-path=' + out_path, '--save-assets',
               '--chrome-flags=--headless=new --no-sandbox --disable-gpu-sandbox --user-data-dir=' + profile]
        # A hang guard, not a measurement.
        subprocess.run(cmd, env=env, check=True, timeout=600, stdout=subprocess.DEVNULL)
        with open(out_path, encoding='utf-8') as f:
            return json.load(f)
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def figures(report):
    audits = report['audits']
    row = {'score': round(report['categories']['performance']['score'] * 100)}
    for audit, name in METRICS:
        value = audits.get(audit, {}).get('numericValue')
        row[name] = round(value, 3 if name == 'cls' else 0) if value is not None else None
    row['final_url'] = report.get('finalDisplayedUrl') or report.get('finalUrl')
    row['warnings'] = report.get('runWarnings', [])
    return row


def median_of(rows):
    out = {}
    for key in ['score'] + [name for _, name in METRICS] + CPU_FIGURES:
        values = [r[key] for r in rows if r.get(key) is not None]
        out[key] = statistics.median(values) if values else None
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('site', nargs='?', default=os.path.join(ROOT, 'build-web', 'site'))
    ap.add_argument('--runs', type=int, default=3, help='runs per host (the median is printed)')
    ap.add_argument('--host', choices=['isolating', 'plain', 'both'], default='both')
    ap.add_argument('--json', action='store_true', help='print JSON only')
    ap.add_argument('--save', metavar='DIR', help='keep every report here')
    args = ap.parse_args()
    if not os.path.isfile(os.path.join(args.site, 'index.html')):
        sys.exit(f'lighthouse.py: no site in {args.site} (bash scripts/build-web.sh makes it)')
    if not os.access(LIGHTHOUSE, os.X_OK):
        sys.exit('lighthouse.py: Lighthouse is not installed: (cd bench/lighthouse && npm ci)')
    if args.runs < 1:
        sys.exit('lighthouse.py: --runs must be 1 or more')
    hosts = ['isolating', 'plain'] if args.host == 'both' else [args.host]
    work = args.save or tempfile.mkdtemp(prefix='ttt-lighthouse-reports-')
    os.makedirs(work, exist_ok=True)
    result = {'load_before': [round(x, 2) for x in os.getloadavg()], 'cpus': os.cpu_count(),
              'runs': args.runs, 'hosts': {}}
    version = None
    try:
        for host in hosts:
            server = Server(args.site, plain=(host == 'plain'))
            rows = []
            try:
                for i in range(args.runs):
                    load = os.getloadavg()[0]
                    out = os.path.join(work, f'{host}-{i + 1}.json')
                    try:
                        report = run_once(server.url, out)
                    except subprocess.CalledProcessError:
                        # Lighthouse itself fails a run now and then on a
                        # loaded machine (NO_NAVSTART: its trace missed the
                        # navigation): once more, then give up.
                        print(f'{host} run {i + 1}: Lighthouse failed, running it again', file=sys.stderr)
                        report = run_once(server.url, out)
                    version = report.get('lighthouseVersion')
                    row = figures(report)
                    row['load_1min'] = round(load, 2)
                    trace = os.path.join(work, f'{host}-{i + 1}-0.trace.json')
                    if os.path.isfile(trace):
                        row.update(main_thread_cpu(trace, report) or {})
                    rows.append(row)
                    if not args.json:
                        print(f"{host} run {i + 1}: score {row['score']}, TBT {row['tbt_ms']:.0f} ms, "
                              f"TTI {row['tti_ms']:.0f} ms, LCP {row['lcp_ms']:.0f} ms, "
                              f"FCP {row['fcp_ms']:.0f} ms (load {load:.2f})", file=sys.stderr)
            finally:
                server.stop()
            result['hosts'][host] = {'median': median_of(rows), 'runs': rows}
    finally:
        if not args.save:
            shutil.rmtree(work, ignore_errors=True)
    result['load_after'] = [round(x, 2) for x in os.getloadavg()]
    result['lighthouse'] = version
    result['chromium'] = subprocess.run([CHROMIUM, '--version'], capture_output=True, text=True).stdout.strip()
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"Lighthouse {version}, {result['chromium']}, mobile, simulated throttling, "
          f"median of {args.runs}")
    print(f"load average before {result['load_before']}, after {result['load_after']} "
          f"({result['cpus']} CPUs)")
    print('host        score   TBT ms   TTI ms   LCP ms   FCP ms    SI ms    CLS   main CPU  longest  TBT(CPU)')
    for host, data in result['hosts'].items():
        m = data['median']
        cpu = (f"{m['main_cpu_ms']:8.0f} {m['longest_task_cpu_ms']:8.0f} {m['tbt_from_cpu_ms']:8.0f}"
               if m.get('main_cpu_ms') is not None else '')
        print(f"{host:10} {m['score']:6.0f} {m['tbt_ms']:8.0f} {m['tti_ms']:8.0f} {m['lcp_ms']:8.0f} "
              f"{m['fcp_ms']:8.0f} {m['si_ms']:8.0f} {m['cls']:6.3f} {cpu}")
    print("(main CPU: the CPU time of the page's main thread's tasks, ms, not slowed down; longest: its "
          'longest task; TBT(CPU): the blocking time estimated from CPU time, main_thread_cpu())')
    print(json.dumps(result))


if __name__ == '__main__':
    main()
