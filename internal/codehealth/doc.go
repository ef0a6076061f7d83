// Package codehealth holds only tests of the tree's shape. One reads the repository's Go sources with
// go/ast and fails on a non-test function over MaxFuncLines or a non-test file over MaxFileLines that
// does not say why near its top, so that the tree cannot slide back into the long functions and
// grab-bag files that issue #9 split up. Another fails on any use of the wall's time (time.Now,
// timers, sleeps, context deadlines) in internal/engine and internal/transfer, whose time must all
// come from their clock.Clock. The last reads README.md and docs/*.md and fails on a relative link
// to a file or heading that does not exist, or a cited test that no _test.go declares.
package codehealth
