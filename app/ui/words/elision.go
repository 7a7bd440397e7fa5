package words

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Naming writes a text that puts names (of players, mostly) in data, as
// text makes it from data with lang.L: where the translation puts a name
// after "de" or "que", they are elided before a vowel sound, as French
// writes it ("abandon d’Émilie Château", "que Hugo" → "qu’Hugo"). Only
// the values of data are looked at, never the text around them.
func Naming(data map[string]any, text func(data map[string]any) string) string {
	marked := make(map[string]any, len(data))
	var values []string
	for k, v := range data {
		if s, ok := v.(string); ok {
			marked[k] = nameMark + string(rune(nameFirst+len(values))) + nameMark
			values = append(values, s)
			continue
		}
		marked[k] = v
	}
	out := text(marked)
	var b strings.Builder
	for {
		i := strings.Index(out, nameMark)
		if i < 0 {
			break
		}
		r, size := utf8.DecodeRuneInString(out[i+len(nameMark):])
		end := i + len(nameMark) + size
		if !strings.HasPrefix(out[end:], nameMark) || int(r-nameFirst) >= len(values) || r < nameFirst {
			b.WriteString(out[:end]) // not a mark of ours: kept as it is
			out = out[end:]
			continue
		}
		name := values[r-nameFirst]
		before := out[:i]
		if startsWithVowelSound(name) {
			before = elided(before)
		}
		b.WriteString(before)
		b.WriteString(name)
		out = out[end+len(nameMark):]
	}
	b.WriteString(out)
	return b.String()
}

// nameMark brackets the number of a name in a text being made by Naming:
// a noncharacter, which no translation holds; the number is a
// private-use character from nameFirst.
const (
	nameMark  = "\uFDD0"
	nameFirst = '\uE000'
)

// elided ends text with "d’" for a final word "de", "qu’" for "que" (in
// either case), and leaves it as it is otherwise.
func elided(text string) string {
	for _, w := range []struct{ word, elided string }{{"de ", "d’"}, {"que ", "qu’"}} {
		start := len(text) - len(w.word)
		if start < 0 || !strings.EqualFold(text[start:], w.word) {
			continue
		}
		if start > 0 {
			if r, _ := utf8.DecodeLastRuneInString(text[:start]); unicode.IsLetter(r) || r == '’' || r == '\'' || r == '-' {
				continue // the end of a longer word: "monde "
			}
		}
		e := w.elided
		if unicode.IsUpper(rune(text[start])) {
			e = strings.ToUpper(e[:1]) + e[1:]
		}
		return text[:start] + e
	}
	return text
}

// startsWithVowelSound reports whether a name starts with a vowel sound,
// before which French elides "de" and "que": a vowel, accented or not; a
// "y" before a consonant (Yves, not Yannick); an "h", taken as mute
// (Hélène, Hugo, Henri): the aspirated h of a few names (Hollande) is
// rare among players, and no list of them would be complete.
func startsWithVowelSound(name string) bool {
	var letters []rune
	for _, r := range name {
		letters = append(letters, unaccented(unicode.ToLower(r)))
		if len(letters) == 2 {
			break
		}
	}
	if len(letters) == 0 {
		return false
	}
	switch first := letters[0]; {
	case isVowel(first), first == 'h', first == 'æ', first == 'œ':
		return true
	case first == 'y':
		return len(letters) == 2 && !isVowel(letters[1]) && unicode.IsLetter(letters[1])
	}
	return false
}

func isVowel(r rune) bool { return strings.ContainsRune("aeiou", r) }

// unaccented is a lower-case Latin vowel without its accent.
func unaccented(r rune) rune {
	for _, v := range []struct {
		base    rune
		accents string
	}{
		{'a', "àáâãäåāăą"}, {'e', "èéêëēĕėęě"}, {'i', "ìíîïĩīĭįı"},
		{'o', "òóôõöøōŏő"}, {'u', "ùúûüũūŭůűų"}, {'y', "ýÿŷ"},
	} {
		if strings.ContainsRune(v.accents, r) {
			return v.base
		}
	}
	return r
}
