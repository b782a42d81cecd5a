" Vim syntax file (Vim 8.0+, Neovim 0.5+)
" Language: Variorum rules (`.rules`: cost tables, rules with exceptions, examples)
" Source:   editors/vim/ in the Variorum repository; docs/authoring.md says how to install it.
"
" The groups follow the lexer (grammar/tokens.ts): its keywords (the list below is held equal to
" grammar/tokens.ts KEYWORDS by test/editors/vim.test.ts, which also runs this file in Vim over
" every bundled ruleset), names `[A-Za-z_][A-Za-z0-9_]*(-[A-Za-z0-9_]+)*` (hyphens inside a name:
" `unit-cost` is one name, so `unit` in it is no keyword), citations `[A4.12]`, strings, numbers,
" fractions, dice `2d6`, operators and `#` comments.

if exists('b:current_syntax')
  finish
endif

" A hyphen joins the words of a name, as in the language.
syntax iskeyword @,48-57,_,-

" Names first: a keyword wins over a match that starts where it does, and a name swallows the
" digits and hyphens inside it. A name starts after any character that is not a letter, digit or
" `_` (`each -pips`: the operator, then the name).
syntax match variorumName /\w\@<!\h\w*\%(-\w\+\)*/

syntax keyword variorumKeyword ruleset edition cites extends extend measure enum group input table
syntax keyword variorumKeyword rule predicate constraint movement example exception when override
syntax keyword variorumKeyword remove concept section note helper set of bool if else and or not in
syntax keyword variorumKeyword true false all NA base expect legal violation otherwise unit vehicle
syntax keyword variorumKeyword step scenario path keep highest lowest each roll source paragraph
syntax keyword variorumKeyword out-of-scope stack

syntax match variorumOperator /->\|[=!<>]=\|[<>=+*\/|?]\|-\|−\|×/
syntax match variorumNumber /\d\+\%(\.\d\+\)\=/
syntax match variorumNumber /[½⅓⅔¼¾]/
syntax match variorumDice /\d\+d\d\+/
syntax match variorumCitation /\[[^\]\r\n]*\]/
syntax region variorumString start=/"/ skip=/\\./ end=/"/ end=/$/ oneline contains=@Spell
syntax match variorumComment /#.*$/ contains=variorumTodo,@Spell
syntax keyword variorumTodo contained TODO FIXME XXX

highlight default link variorumKeyword Keyword
highlight default link variorumOperator Operator
highlight default link variorumNumber Number
highlight default link variorumDice Number
highlight default link variorumCitation Special
highlight default link variorumString String
highlight default link variorumComment Comment
highlight default link variorumTodo Todo

let b:current_syntax = 'variorum'
