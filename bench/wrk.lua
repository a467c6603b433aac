-- bench/wrk.lua: the request mix and the summary line of the wrk-based benchmarks (bench/lib.sh bench_wrk).
-- Environment: WRK_PATHS  a path template; {id} becomes WRK_FIRST + random(0, WRK_COUNT - 1),
--                         {page} a random page 0..WRK_PAGES-1
--              WRK_AUTH   the Authorization header, if any
--              WRK_LABEL  what the RESULT line names
local template = os.getenv("WRK_PATHS") or "/"
local first = tonumber(os.getenv("WRK_FIRST") or "0")
local count = tonumber(os.getenv("WRK_COUNT") or "1")
local pages = tonumber(os.getenv("WRK_PAGES") or "1")
local auth = os.getenv("WRK_AUTH")
local headers = {}
if auth and auth ~= "" then headers["Authorization"] = auth end

function setup(thread)
  thread:set("seed", math.random(1, 1000000))
end

function init(args)
  math.randomseed(os.time() + (seed or 0))
end

function request()
  local path = template:gsub("{id}", tostring(first + math.random(0, count - 1)))
  path = path:gsub("{page}", tostring(math.random(0, pages - 1)))
  return wrk.format("GET", path, headers)
end

function done(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
      + summary.errors.status  -- status: answers that are not 2xx/3xx
  io.write(string.format("RESULT %s rps=%.0f p50_ms=%.2f p99_ms=%.2f errors=%d non2xx=%d timeouts=%d requests=%d\n", os.getenv("WRK_LABEL") or "wrk",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000, errors,
    summary.errors.status, summary.errors.timeout, summary.requests))
end
