module github.com/lanehash/lanehash

go 1.26.0

require (
	github.com/golang/snappy v1.0.0
	github.com/holiman/uint256 v1.3.2
	golang.org/x/crypto v0.59.0
	golang.org/x/sync v0.25.0
	golang.org/x/sys v0.50.0
	gopkg.in/yaml.v3 v3.0.1
)
