/*
 * bcryptprimitives.dll for Wine 8.0 (Debian 12's), which has none: check.sh
 * builds it and puts it in its Wine prefix, and nowhere else. A Go 1.24 or
 * later program draws its random numbers from ProcessPrng in that library,
 * part of Windows 10 and later (and of Wine from 9.0), and stops at once
 * without it. This one asks the same of Wine's bcrypt.dll.
 *
 *   x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll bcryptprimitives.c -lbcrypt
 */
#include <windows.h>
#include <bcrypt.h>

/* ProcessPrng fills data with size random bytes; it always succeeds. */
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size)
{
	while (size > 0) {
		/* BCryptGenRandom takes at most a ULONG at a time. */
		ULONG n = size > 0x40000000 ? 0x40000000 : (ULONG)size;
		if (!BCRYPT_SUCCESS(BCryptGenRandom(NULL, data, n, BCRYPT_USE_SYSTEM_PREFERRED_RNG)))
			return FALSE;
		data += n;
		size -= n;
	}
	return TRUE;
}
