package internal

const PackageVersion = "3.98.0" // x-release-please-version
