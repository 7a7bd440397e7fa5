; The Windows installer of Échiquier, built by package.sh with makensis:
;
;   makensis -INPUTCHARSET UTF8 -DVERSION=0.1.0 -DSTAGE=folder -DICON=file.ico
;            -DOUTFILE=setup.exe echiquier.nsi
;
; STAGE holds echiquier.exe, LICENSE.txt and CREDITS.txt, as the zip does.
; The installer is per user: it needs no administrator rights, installs
; under %LOCALAPPDATA%\Programs (where per-user programs go) and writes
; only under HKEY_CURRENT_USER: the Start-menu entry, the uninstaller (in
; Settings > Apps) and the .pgn association (opening a .pgn file from
; Explorer opens it in Échiquier). /S installs and uninstalls silently.
; The settings and autosaved games, in %APPDATA%\fyne\org.echiquier.Echiquier,
; are the user's: the uninstaller leaves them, as a reinstall finds them.
; Windows cannot replace nor remove a running program: the installer (over
; an earlier installation) and the uninstaller first ask a running
; Échiquier to close, as its window's close button does, and tell the user
; when it does not; they stop before changing anything rather than leave
; half an installation.

Unicode true
Target amd64-unicode
SetCompressor /SOLID lzma
RequestExecutionLevel user
ManifestDPIAware true

!include "MUI2.nsh"
!include "LogicLib.nsh"

!define NAME "Échiquier"
!define ID "org.echiquier.Echiquier"
; The association's file type (a ProgID: no spaces, no accents).
!define PROGID "Echiquier.pgn"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${ID}"
!define CLASSES "Software\Classes"
; SHChangeNotify's SHCNE_ASSOCCHANGED: Explorer reads the associations again.
!define SHCNE_ASSOCCHANGED 0x08000000

Name "${NAME}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\${NAME}"
; A second install goes where the first one went.
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"

VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=0 "ProductName" "${NAME}"
VIAddVersionKey /LANG=0 "FileDescription" "${NAME} installer"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "LegalCopyright" "GPL-3.0-or-later"

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\echiquier.exe"

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_LICENSE "${STAGE}/LICENSE.txt"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

; The program speaks English and French: so does its installer, in the
; language of Windows (NSIS picks it; English for any other).
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "French"

LangString StillRunning ${LANG_ENGLISH} "${NAME} is still running and cannot be replaced or removed.$\r$\n$\r$\nSave your game and close ${NAME}, then choose Retry; or choose Cancel to leave it as it is."
LangString StillRunning ${LANG_FRENCH} "${NAME} est encore ouvert et ne peut être ni remplacé ni supprimé.$\r$\n$\r$\nEnregistrez votre partie et fermez ${NAME}, puis choisissez Réessayer ; ou choisissez Annuler pour le laisser tel quel."

; CloseRunning (un.CloseRunning in the uninstaller) returns when
; $INSTDIR\echiquier.exe is not running, or aborts. A running program is
; one whose file cannot be opened for writing (Windows locks the file of a
; running program). Each visible window of a process started from that
; file gets WM_CLOSE, the message of the close button: the program quits
; as the user would quit it (asking first about an unsaved game). After
; 30 seconds the user may retry or cancel; a silent (/S) run cancels.
!macro CLOSE_RUNNING un
Function ${un}CloseRunning
	Push $R0
	Push $R1
	Push $R2
	Push $R3
	Push $R4
	StrCpy $R4 "$INSTDIR\echiquier.exe"
	ask:
	Call ${un}InUse
	Pop $R0
	StrCmp $R0 0 done
	; Every top-level window: whose process's file is ours?
	StrCpy $R0 0
	next_window:
		System::Call 'user32::FindWindowExW(p 0, p R0, p 0, p 0) p .R0'
		StrCmp $R0 0 wait
		System::Call 'user32::IsWindowVisible(p R0) i .R1'
		StrCmp $R1 0 next_window
		System::Call 'user32::GetWindowThreadProcessId(p R0, *i .R1)'
		; PROCESS_QUERY_LIMITED_INFORMATION
		System::Call 'kernel32::OpenProcess(i 0x1000, i 0, i R1) p .R2'
		StrCmp $R2 0 next_window
		StrCpy $R3 ""
		System::Call 'kernel32::QueryFullProcessImageNameW(p R2, i 0, w .R3, *i ${NSIS_MAX_STRLEN})'
		System::Call 'kernel32::CloseHandle(p R2)'
		; (StrCmp ignores case, as Windows' file names do.)
		StrCmp $R3 $R4 0 next_window
		DetailPrint "Closing $R4 (process $R1)"
		; WM_CLOSE
		System::Call 'user32::PostMessageW(p R0, i 0x0010, p 0, p 0)'
		Goto next_window
	wait:
	StrCpy $R1 0
	still:
		Sleep 500
		Call ${un}InUse
		Pop $R0
		StrCmp $R0 0 done
		IntOp $R1 $R1 + 1
		IntCmp $R1 60 0 still
	MessageBox MB_RETRYCANCEL|MB_ICONEXCLAMATION "$(StillRunning)" /SD IDCANCEL IDRETRY ask
	DetailPrint "$R4 is still running: nothing was changed"
	SetErrorLevel 2
	Quit
	done:
	Pop $R4
	Pop $R3
	Pop $R2
	Pop $R1
	Pop $R0
FunctionEnd

; InUse pushes 1 when $INSTDIR\echiquier.exe exists and cannot be opened
; for writing, 0 otherwise.
Function ${un}InUse
	IfFileExists "$INSTDIR\echiquier.exe" 0 free
	ClearErrors
	FileOpen $0 "$INSTDIR\echiquier.exe" a
	IfErrors 0 +3
	Push 1
	Return
	FileClose $0
	free:
	Push 0
FunctionEnd
!macroend
!insertmacro CLOSE_RUNNING ""
!insertmacro CLOSE_RUNNING "un."

Section "Échiquier"
	SetShellVarContext current
	SetOutPath "$INSTDIR"
	; Over an earlier installation: its program may be running.
	Call CloseRunning
	File "${STAGE}/echiquier.exe"
	File "${STAGE}/LICENSE.txt"
	File "${STAGE}/CREDITS.txt"
	WriteUninstaller "$INSTDIR\uninstall.exe"

	CreateShortCut "$SMPROGRAMS\${NAME}.lnk" "$INSTDIR\echiquier.exe"

	; .pgn files open in Échiquier, and Échiquier is offered in "Open with"
	; even when another program is chosen later.
	WriteRegStr HKCU "${CLASSES}\.pgn" "" "${PROGID}"
	WriteRegStr HKCU "${CLASSES}\.pgn" "Content Type" "application/x-chess-pgn"
	WriteRegStr HKCU "${CLASSES}\.pgn" "PerceivedType" "text"
	WriteRegStr HKCU "${CLASSES}\.pgn\OpenWithProgids" "${PROGID}" ""
	WriteRegStr HKCU "${CLASSES}\${PROGID}" "" "Chess game (PGN)"
	WriteRegStr HKCU "${CLASSES}\${PROGID}\DefaultIcon" "" '"$INSTDIR\echiquier.exe",0'
	WriteRegStr HKCU "${CLASSES}\${PROGID}\shell\open\command" "" '"$INSTDIR\echiquier.exe" "%1"'
	System::Call 'shell32::SHChangeNotify(i ${SHCNE_ASSOCCHANGED}, i 0, p 0, p 0)'

	WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${NAME}"
	WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
	WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" '"$INSTDIR\echiquier.exe",0'
	WriteRegStr HKCU "${UNINSTALL_KEY}" "URLInfoAbout" "https://github.com/echiquier/echiquier"
	WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
	WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
	WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
	WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
	WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
	WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" ${SIZE_KB}
SectionEnd

Section "Uninstall"
	SetShellVarContext current
	Call un.CloseRunning
	Delete "$SMPROGRAMS\${NAME}.lnk"
	Delete "$INSTDIR\echiquier.exe"
	Delete "$INSTDIR\LICENSE.txt"
	Delete "$INSTDIR\CREDITS.txt"
	Delete "$INSTDIR\uninstall.exe"
	; Only if empty: a folder chosen by hand may hold other files.
	RMDir "$INSTDIR"

	; .pgn keeps another program's association, if one was chosen since.
	ReadRegStr $0 HKCU "${CLASSES}\.pgn" ""
	${If} $0 == "${PROGID}"
		DeleteRegValue HKCU "${CLASSES}\.pgn" ""
	${EndIf}
	DeleteRegValue HKCU "${CLASSES}\.pgn\OpenWithProgids" "${PROGID}"
	DeleteRegKey /ifempty HKCU "${CLASSES}\.pgn\OpenWithProgids"
	ReadRegStr $0 HKCU "${CLASSES}\.pgn" ""
	${If} $0 == ""
		DeleteRegValue HKCU "${CLASSES}\.pgn" "Content Type"
		DeleteRegValue HKCU "${CLASSES}\.pgn" "PerceivedType"
		DeleteRegKey /ifempty HKCU "${CLASSES}\.pgn"
	${EndIf}
	DeleteRegKey HKCU "${CLASSES}\${PROGID}"
	System::Call 'shell32::SHChangeNotify(i ${SHCNE_ASSOCCHANGED}, i 0, p 0, p 0)'

	DeleteRegKey HKCU "${UNINSTALL_KEY}"
SectionEnd
