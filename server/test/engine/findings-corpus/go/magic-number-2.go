// silent: maintainability/magic-number
package limits

const maxUploadBytes = 10 << 20

func TooLarge(size int64) bool {
	return size > maxUploadBytes
}
