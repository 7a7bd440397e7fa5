package session

// ReadingDone is closed once the file of c is no longer read: its
// indexing goroutine has ended.
func (c *Collection) ReadingDone() <-chan struct{} { return c.done }
