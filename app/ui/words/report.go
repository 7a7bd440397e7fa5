package words

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/game"
)

// reportLinePlies is how many moves of an engine's better line a report
// writes: the start of it says what was better.
const reportLinePlies = 6

// Percent writes a percentage rounded to a whole number, as the language
// writes it: "87%", "87 %".
func Percent(v float64) string {
	return lang.L("{{.Percent}}%", map[string]any{"Percent": int(math.Round(v))})
}

// ReportError words why a game has no report.
func ReportError(err error) string {
	var missing *engine.MissingEvalError
	if errors.As(err, &missing) {
		dots := ". "
		if missing.Mover == game.Black {
			dots = "... "
		}
		data := map[string]any{"Move": strconv.Itoa(missing.Move) + dots + missing.SAN, "Eval": missing.Refused}
		if missing.Refused != "" {
			return lang.L("The report needs an evaluation after every move; that of {{.Move}}, [%eval {{.Eval}}], cannot be read: analyse the whole game.", data)
		}
		return lang.L("The report needs an evaluation after every move; {{.Move}} has none: analyse the whole game.", data)
	}
	return AnalysisError(err)
}

// JudgedMove writes a move with its number and the mark of its
// judgement: "3. Qh5?!".
func JudgedMove(m engine.MoveReport, n game.Notation) string {
	return MoveLabel(m.Node, n) + glyph(m.Judgement)
}

// glyph is the mark of a judgement: "?!", "?", "??", or none.
func glyph(j engine.Judgement) string {
	switch j {
	case engine.Inaccuracy:
		return "?!"
	case engine.Mistake:
		return "?"
	case engine.Blunder:
		return "??"
	}
	return ""
}

// Chances writes what a move did to its player's winning chances: "52%
// → 46%".
func Chances(m engine.MoveReport) string {
	return Percent(m.WinBefore) + " → " + Percent(m.WinAfter)
}

// NodeLine writes a line of moves, numbered, in notation n: "3. Nf3 Nf6
// 4. d3 …" (its first moves only).
func NodeLine(line []*game.Node, n game.Notation) string {
	var b strings.Builder
	for i, node := range line {
		if i == reportLinePlies {
			b.WriteString(" …")
			break
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		if i == 0 || node.Mover() == game.White {
			b.WriteString(MoveLabel(node, n))
		} else {
			b.WriteString(game.FormatSAN(node.SAN(), n))
		}
	}
	return b.String()
}

// ReportText writes a game's report as text for a message: the players'
// figures in columns, the turning points with the better lines, and
// where the figures come from.
func ReportText(g game.View, r engine.Report, n game.Notation) string {
	white, black := OneLine(PlayerName(g, game.White)), OneLine(PlayerName(g, game.Black))
	var b strings.Builder
	b.WriteString(lang.L("Game report: {{.White}} – {{.Black}}", map[string]any{"White": white, "Black": black}))
	if result := g.Tag("Result"); result != "" && result != "*" {
		b.WriteString(", " + result)
	}
	b.WriteString("\n\n")
	rows := [][3]string{{"", white, black}}
	figure := func(name string, f func(engine.PlayerReport) string) {
		row := [3]string{name}
		for i, p := range []engine.PlayerReport{r.White, r.Black} {
			row[i+1] = "–"
			if p.Moves > 0 {
				row[i+1] = f(p)
			}
		}
		rows = append(rows, row)
	}
	figure(lang.L("Accuracy"), func(p engine.PlayerReport) string { return Percent(p.Accuracy) })
	figure(lang.L("Average loss"), func(p engine.PlayerReport) string { return strconv.Itoa(p.AverageLoss) })
	figure(lang.L("Inaccuracies"), func(p engine.PlayerReport) string { return strconv.Itoa(p.Inaccuracies) })
	figure(lang.L("Mistakes"), func(p engine.PlayerReport) string { return strconv.Itoa(p.Mistakes) })
	figure(lang.L("Blunders"), func(p engine.PlayerReport) string { return strconv.Itoa(p.Blunders) })
	var widths [3]int
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], len([]rune(cell)))
		}
	}
	for _, row := range rows {
		line := fmt.Sprintf("%s  %s  %s", pad(row[0], widths[0]), pad(row[1], widths[1]), row[2])
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	if tps := r.TurningPoints(); len(tps) > 0 {
		b.WriteString("\n" + lang.L("Turning points") + "\n")
		for _, m := range tps {
			args := map[string]any{"Move": JudgedMove(m, n), "Chances": Chances(m)}
			if better := engine.AnalysisLine(m.Node); len(better) > 0 {
				args["Line"] = NodeLine(better, n)
				b.WriteString(lang.L("{{.Move}} ({{.Chances}}), better {{.Line}}", args) + "\n")
			} else {
				b.WriteString(lang.L("{{.Move}} ({{.Chances}})", args) + "\n")
			}
		}
	}
	b.WriteString("\n" + lang.L("Accuracy and average loss (in hundredths of a pawn) by lichess's formulas, from the engine's evaluations; the turning points with the winning chances of the player who moved, before → after.") + "\n")
	return b.String()
}

// pad writes s on width characters.
func pad(s string, width int) string {
	return s + strings.Repeat(" ", max(0, width-len([]rune(s))))
}
