// silent: best_practices/lossy-conversion
using System;

public static class Sizes
{
    public static int Megabytes(string header)
    {
        long bytes = Convert.ToInt64(header);
        return checked((int)(bytes / (1024 * 1024)));
    }
}
