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

Section "Échiquier"
	SetShellVarContext current
	SetOutPath "$INSTDIR"
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
