-- wrk script of run.sh: POSTs one JSON body with fixed headers, and counts
-- the answers that are 2xx yet carry an error (GraphQL `errors`, a JSON-RPC
-- `error`, an MCP tool result with `isError: true`).
--
--   WRK_BODY=body.json WRK_HEADERS=headers.txt wrk ... -s post.lua URL
--
-- headers.txt holds one `Name: value` a line. Quotes inside JSON strings are
-- escaped, so the markers below only match the envelope, never a title.

local function slurp(path)
  local f = assert(io.open(path, "rb"), "cannot open " .. tostring(path))
  local text = f:read("*a")
  f:close()
  return text
end

wrk.method = "POST"
wrk.body = slurp(os.getenv("WRK_BODY"))
for line in slurp(os.getenv("WRK_HEADERS")):gmatch("[^\r\n]+") do
  local name, value = line:match("^([^:]+):%s*(.*)$")
  if name then
    wrk.headers[name] = value
  end
end

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  failed = 0
end

function response(status, headers, body)
  if status >= 200 and status < 300 then
    if body:find('"errors":', 1, true)
      or body:find('"isError":true', 1, true)
      or body:find('"error":{', 1, true) then
      failed = failed + 1
    end
  end
end

function done(summary, latency, requests)
  local n = 0
  for _, thread in ipairs(threads) do
    n = n + (thread:get("failed") or 0)
  end
  io.write(string.format("Error bodies: %d\n", n))
end
