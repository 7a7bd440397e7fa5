package session

import "github.com/echiquier/echiquier/app/collection"

// Collection and Indexing are app/collection's, named here too for the
// tests of app/ui/tree, which is changed on another branch meanwhile:
// once merged, they name app/collection, and this file goes.
type Collection = collection.Collection

// Indexing is collection.Indexing (see Collection).
const Indexing = collection.Indexing
