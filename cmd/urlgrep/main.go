// Command urlgrep finds URLs in text, mail and news, or parses the URLs
// given as arguments. See README.md for the full contract.
package main

import "os"

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
