// silent: security/archive-path-traversal
package deploy

import (
	"archive/tar"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

func Unpack(r io.Reader, dest string) error {
	tr := tar.NewReader(r)
	for {
		hdr, err := tr.Next()
		if err != nil {
			return err
		}
		if !filepath.IsLocal(hdr.Name) {
			return fmt.Errorf("unsafe path in archive: %q", hdr.Name)
		}
		if hdr.Typeflag == tar.TypeReg {
			out, err := os.Create(filepath.Join(dest, hdr.Name))
			if err != nil {
				return err
			}
			if _, err := io.Copy(out, tr); err != nil {
				out.Close()
				return err
			}
			out.Close()
		}
	}
}
