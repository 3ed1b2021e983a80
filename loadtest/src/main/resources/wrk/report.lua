-- proxybench's wrk script.
--   WRK_JSON=FILE            done() writes the step's summary to FILE as JSON (times in microseconds),
--                            so the figures never have to be scraped from wrk's text output.
--   WRK_CONNECTION_CLOSE=1   every request carries "Connection: close": the front end closes the
--                            connection after the response and wrk opens a new one (churn mode).
--   WRK_PERCENTILES=P,P,...  percent levels (e.g. 0,10,...,99.999): done() adds "spectrum", the latency
--                            at each as [level, microseconds], so the kit keeps the whole distribution.

if os.getenv("WRK_CONNECTION_CLOSE") == "1" then
  wrk.headers["Connection"] = "close"
end

local function number(n)
  if n == nil or n ~= n or n == math.huge or n == -math.huge then
    return "null"
  end
  if n == math.floor(n) and math.abs(n) < 2^53 then
    return string.format("%d", n)
  end
  return string.format("%.3f", n)
end

-- wrk keeps every latency to the microsecond; each level is one walk over that table
local function spectrum(latency)
  local levels = os.getenv("WRK_PERCENTILES")
  if levels == nil or levels == "" then
    return nil
  end
  local points = {}
  for level in string.gmatch(levels, "[^,]+") do
    local p = tonumber(level)
    if p ~= nil and p >= 0 and p <= 100 then
      points[#points + 1] = "[" .. string.format("%.6f", p) .. "," .. number(latency:percentile(p)) .. "]"
    end
  end
  return '"spectrum":[' .. table.concat(points, ",") .. "]"
end

function done(summary, latency, requests)
  local path = os.getenv("WRK_JSON")
  if path == nil or path == "" then
    return
  end
  local completed = summary.requests > 0
  local function lat(value)
    if completed then
      return number(value)
    end
    return "null"
  end
  local e = summary.errors
  local fields = {
    '"requests":' .. number(summary.requests),
    '"durationUs":' .. number(summary.duration),
    '"bytes":' .. number(summary.bytes),
    '"errors":{"connect":' .. number(e.connect) .. ',"read":' .. number(e.read)
      .. ',"write":' .. number(e.write) .. ',"status":' .. number(e.status)
      .. ',"timeout":' .. number(e.timeout) .. '}',
    '"latencyUs":{"min":' .. lat(latency.min) .. ',"mean":' .. lat(latency.mean)
      .. ',"stdev":' .. lat(latency.stdev)
      .. ',"p50":' .. lat(latency:percentile(50)) .. ',"p75":' .. lat(latency:percentile(75))
      .. ',"p90":' .. lat(latency:percentile(90)) .. ',"p99":' .. lat(latency:percentile(99))
      .. ',"max":' .. lat(latency.max) .. '}',
  }
  if completed then
    fields[#fields + 1] = spectrum(latency)
  end
  local file = assert(io.open(path, "w"))
  file:write("{" .. table.concat(fields, ",") .. "}\n")
  file:close()
end
