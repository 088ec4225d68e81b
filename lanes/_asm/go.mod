module github.com/lanehash/lanehash/lanes/_asm

go 1.26
