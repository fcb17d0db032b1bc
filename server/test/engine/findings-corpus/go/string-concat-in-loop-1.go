// expect: performance/string-concat-in-loop@7
package render

func Join(parts []string) string {
	s := ""
	for _, p := range parts {
		s += p + ";"
	}
	return s
}
