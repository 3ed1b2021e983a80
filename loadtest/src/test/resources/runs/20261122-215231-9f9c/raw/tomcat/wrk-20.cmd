/usr/bin/wrk --latency -t2 -c20 -d2s --timeout 10s -s /work/wt/kit/results/20261122-215231-9f9c/wrk-report.lua http://127.0.0.1:41825/
