// expect: best_practices/lossy-conversion@8
using System;

public static class Sizes
{
    public static int Megabytes(string header)
    {
        return (int)(Convert.ToInt64(header) / (1024 * 1024));
    }
}
