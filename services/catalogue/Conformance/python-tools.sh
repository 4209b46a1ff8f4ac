# Sourced by the conformance scripts: makes (once per change of the pins) a virtual environment of
# Python tools from PyPI, every dependency pinned in a requirements file and installed with
# --no-deps, so nothing else is resolved.
#
#   python_tools SCRIPT REQUIREMENTS VENV
#
# SCRIPT names the caller in messages. Exits 69 when python3 -m venv or PyPI is unavailable.
python_tools() {
    local script="$1" requirements="$2" venv="$3" stamp log
    mkdir -p "$(dirname "$venv")"
    stamp=$(sha256sum "$requirements" | cut -d' ' -f1)
    if [ -x "$venv/bin/python" ] && [ "$(cat "$venv/.requirements-sha256" 2>/dev/null)" = "$stamp" ]; then
        return 0
    fi
    rm -rf "$venv"
    log="$venv-setup.log"
    if ! python3 -m venv "$venv" >"$log" 2>&1; then
        echo "$script: error: python3 -m venv failed (see $log)" >&2
        exit 69
    fi
    if ! "$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps -r "$requirements" >>"$log" 2>&1; then
        echo "$script: error: pip could not install $requirements (see $log)" >&2
        rm -rf "$venv"
        exit 69
    fi
    echo "$stamp" >"$venv/.requirements-sha256"
}
