" Variorum rules files (`.rules`). Vim and Neovim also give `.rules` to udev, polkit and Snort
" rules (filetype.vim's dist#ft#FTRules), so a file is Variorum's only when it has a `ruleset`
" header: the first line that is not blank or a comment starts with `ruleset`.
function! s:VariorumDetect() abort
  for l:line in getline(1, 200)
    if l:line =~# '^\s*\%(#.*\)\=$'
      continue
    endif
    if l:line =~# '^\s*ruleset\>'
      set filetype=variorum
    endif
    return
  endfor
endfunction
autocmd BufNewFile,BufRead *.rules call s:VariorumDetect()
