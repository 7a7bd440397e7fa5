package kit

// The commands of the window, by the room that adds them. A room runs
// another's command by its ID (the banner's "Save…" runs Save), never by
// calling the other room.
const (
	// The window itself (app).
	Quit ID = "quit"

	// files
	Open         ID = "open"
	Save         ID = "save"
	SaveAs       ID = "saveAs"
	ExportImage  ID = "exportImage"
	CopyGame     ID = "copyGame"
	CopyPosition ID = "copyPosition"
	Paste        ID = "paste"

	// picker
	GamesInFile  ID = "gamesInFile"
	PreviousGame ID = "previousGame"
	NextGame     ID = "nextGame"

	// newgame
	NewGame      ID = "newGame"
	SetUp        ID = "setUp"
	EditPosition ID = "editPosition"
	// The computer stopped: start it again, or go on without it.
	RestartComputer ID = "restartComputer"
	PlayAsTwo       ID = "playAsTwo"

	// settingswin
	Settings ID = "settings"

	// help
	Shortcuts ID = "shortcuts"

	// play
	TakeBack      ID = "takeBack"
	PutBack       ID = "putBack"
	PlayOn        ID = "playOn"
	OfferDraw     ID = "offerDraw"
	AcceptDraw    ID = "acceptDraw"
	DeclineDraw   ID = "declineDraw"
	ClaimDraw     ID = "claimDraw"
	Resign        ID = "resign"
	Pause         ID = "pause"
	KeyboardBoard ID = "keyboardBoard"
	Flip          ID = "flip"
	AutoFlip      ID = "autoFlip"
	ShowStart     ID = "showStart"
	PreviousMove  ID = "previousMove"
	NextMove      ID = "nextMove"
	BackToGame    ID = "backToGame"
	RestoreMarks  ID = "restoreMarks"

	// annotate
	EditComment ID = "editComment"
	// The symbols of a move, $1 to $6, and the evaluations of the
	// position it leaves, $10 to $19.
	BrilliantMove   ID = "brilliantMove"
	GoodMove        ID = "goodMove"
	InterestingMove ID = "interestingMove"
	DubiousMove     ID = "dubiousMove"
	Mistake         ID = "mistake"
	Blunder         ID = "blunder"
	WhiteWinning    ID = "whiteWinning"
	WhiteBetter     ID = "whiteBetter"
	WhiteSlightly   ID = "whiteSlightlyBetter"
	EqualPosition   ID = "equalPosition"
	UnclearPosition ID = "unclearPosition"
	BlackSlightly   ID = "blackSlightlyBetter"
	BlackBetter     ID = "blackBetter"
	BlackWinning    ID = "blackWinning"
	ClearSymbols    ID = "clearSymbols"

	// header
	EditTags ID = "editTags"

	// tree
	OpeningTree ID = "openingTree"
	TreeGames   ID = "treeGames"

	// analysis
	Analyse     ID = "analyse"
	AnalyseGame ID = "analyseGame"

	// report
	GameReport ID = "gameReport"
	CopyReport ID = "copyReport"
	// sounds
	Sounds ID = "sounds"
)
