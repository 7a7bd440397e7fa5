package pgn

// NewFileIndexerSections is NewFileIndexer with sections of about
// section bytes: small files cut in many places.
var NewFileIndexerSections = newFileIndexer
