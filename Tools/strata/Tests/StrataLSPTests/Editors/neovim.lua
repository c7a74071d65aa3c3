-- Neovim (0.7 and later, built-in vim.lsp) as strata lsp's client, headless: opens STRATA_FILE,
-- waits for strata's diagnostics, deletes the offending import (line STRATA_LINE) in the buffer,
-- waits for them to clear, and writes what it saw to STRATA_OUT. Run by LanguageServerEditorTests:
--   nvim --headless -u NONE -i NONE -n -c 'luafile neovim.lua'
local strata = os.getenv("STRATA_BIN")
local root = os.getenv("STRATA_ROOT")
local file = os.getenv("STRATA_FILE")
local line = tonumber(os.getenv("STRATA_LINE"))
local out = io.open(os.getenv("STRATA_OUT"), "w")

local function finish(status)
  out:close()
  vim.cmd(status == 0 and "qa!" or "cquit! " .. status)
end

vim.cmd("edit " .. vim.fn.fnameescape(file))
local buffer = vim.api.nvim_get_current_buf()
-- The setup docs/StrataLint.md gives, as start_client (vim.lsp.start arrived in 0.8).
local client = vim.lsp.start_client({ name = "strata", cmd = { strata, "lsp" }, root_dir = root })
if not client then
  out:write("no client\n")
  return finish(3)
end
vim.lsp.buf_attach_client(buffer, client)

local patience = 120000
if not vim.wait(patience, function() return #vim.diagnostic.get(buffer) > 0 end, 50) then
  out:write("no diagnostics\n")
  return finish(4)
end
for _, found in ipairs(vim.diagnostic.get(buffer)) do
  local lsp = found.user_data and found.user_data.lsp or {}
  out:write(string.format("%d:%d %s %s\n", found.lnum + 1, found.col + 1, tostring(found.code or lsp.code), found.message))
end

vim.api.nvim_buf_set_lines(buffer, line - 1, line, false, {})
if not vim.wait(patience, function() return #vim.diagnostic.get(buffer) == 0 end, 50) then
  out:write("not cleared\n")
  return finish(5)
end
out:write("cleared\n")
vim.lsp.stop_client(client)
finish(0)
