// Package codehealth holds only tests of the tree's shape. One reads the repository's Go sources with
// go/ast and fails on a non-test function over MaxFuncLines, a non-test file over MaxFileLines code
// lines (comments do not count, so no one meets it by deleting one) that does not say why near its
// top, and any hand-written Go file, tests too, over HardFileLines, so that the tree cannot slide
// back into long functions and grab-bag files. Another fails on any use of the wall's time
// (time.Now, timers, sleeps, context deadlines) in internal/engine and internal/transfer, whose time
// must all come from their clock.Clock. Another keeps the README's list of the tests that need
// ../shared in step with the tests that read it. The last reads README.md and docs/*.md and fails
// on a relative link to a file or heading that does not exist, or a cited test that no _test.go
// declares.
package codehealth
