package classify

// IsSecretFile reports whether a file's base name looks like it holds
// secrets (.env files, private keys, credentials files): the project files
// that reading asks a person about, and that held commands see empty.
func IsSecretFile(base string) bool { return isSecretName(base) }
