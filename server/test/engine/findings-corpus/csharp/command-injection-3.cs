// expect: security/command-injection@15
using System.Diagnostics;

namespace Backup.Agent;

public sealed class ArchiveJob
{
    public void Run(string folder)
    {
        var process = new Process
        {
            StartInfo = new ProcessStartInfo
            {
                FileName = "cmd.exe",
                Arguments = "/c tar -czf D:\\backups\\nightly.tgz " + folder,
                UseShellExecute = false,
                CreateNoWindow = true,
            },
        };
        process.Start();
        process.WaitForExit();
    }
}
