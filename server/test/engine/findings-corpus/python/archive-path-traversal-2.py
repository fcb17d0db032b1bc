# silent: security/archive-path-traversal
import os
import shutil
import zipfile


def install_plugin(archive_path, plugins_dir):
    root = os.path.realpath(plugins_dir)
    with zipfile.ZipFile(archive_path) as bundle:
        for entry in bundle.infolist():
            destination = os.path.realpath(os.path.join(root, entry.filename))
            if os.path.commonpath([root, destination]) != root:
                raise ValueError("entry escapes the plugins folder: %r" % entry.filename)
            if entry.is_dir():
                continue
            os.makedirs(os.path.dirname(destination), exist_ok=True)
            with bundle.open(entry) as src, open(destination, "wb") as dst:
                shutil.copyfileobj(src, dst)
