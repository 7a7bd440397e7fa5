package settings

import (
	"slices"
	"strconv"
)

// keyTreeRoom is the room the opening trees kept on disk may take, in
// megabytes.
const keyTreeRoom = "files.treeRoomMB"

// DefaultTreeRoom is the room, in megabytes, that the opening trees kept
// on disk take at most until the user chooses another: 2 GB, the trees
// of a dozen large databases.
const DefaultTreeRoom = 2048

// TreeRoomChoices lists the rooms offered, in megabytes.
func TreeRoomChoices() []int { return []int{256, 512, 1024, DefaultTreeRoom, 5120, 10240} }

// TreeRoom returns the room, in megabytes, that the opening trees kept on
// disk take at most: those used least lately go first.
func (s *Settings) TreeRoom() int {
	if n := s.number(keyTreeRoom, 0, 1<<30, 0); slices.Contains(TreeRoomChoices(), n) {
		return n
	}
	return DefaultTreeRoom
}

// SetTreeRoom sets TreeRoom.
func (s *Settings) SetTreeRoom(mb int) { s.p.SetString(keyTreeRoom, strconv.Itoa(mb)) }
