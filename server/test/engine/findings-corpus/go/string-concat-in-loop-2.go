// silent: performance/string-concat-in-loop
package render

import "strings"

func Join(parts []string) string {
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p)
		b.WriteByte(';')
	}
	return b.String()
}
