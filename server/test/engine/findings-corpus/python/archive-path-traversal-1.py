# expect: security/archive-path-traversal@12
import os
import shutil
import zipfile


def install_plugin(archive_path, plugins_dir):
    with zipfile.ZipFile(archive_path) as bundle:
        for entry in bundle.infolist():
            if entry.is_dir():
                continue
            destination = os.path.join(plugins_dir, entry.filename)
            os.makedirs(os.path.dirname(destination), exist_ok=True)
            with bundle.open(entry) as src, open(destination, "wb") as dst:
                shutil.copyfileobj(src, dst)
