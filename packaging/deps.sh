#!/usr/bin/env bash
# Installs the Debian 12 packages Accelplan needs to build, test and run, skipping those
# already installed. Uses sudo when not run as root.
set -euo pipefail

packages=(
  cmake g++ make
  qt6-base-dev qt6-charts-dev libqt6sql6-sqlite qt6-qpa-plugins
  libqt6opengl6-dev   # Qt6Charts' CMake package needs Qt6OpenGL; not pulled in without recommends
  catch2
  libssl-dev          # OpenSSL SHA-256 for multi-gigabyte price files
  rapidjson-dev       # RapidJSON's SAX reader: the provider JSON price files, streamed
  libglpk-dev         # GLPK: the mixed integer program of plan --optimise-commitments
  libsqlite3-dev      # SQLite's own interface on the connection Qt's driver opens: prices read without a QVariant per column
  fonts-dejavu-core   # text renders headless (offscreen GUI tests, PDFs)
  poppler-utils       # pdftotext/pdftoppm for report tests
  dpkg-dev            # cpack -G DEB: dpkg-shlibdeps computes the package's library dependencies
  file                # cpack -G DEB: CPackDeb needs file(1) to find the binaries for dpkg-shlibdeps
  desktop-file-utils  # desktop-file-validate, in CI
  appstream           # appstreamcli validate, in CI
  clang libclang-rt-14-dev  # libFuzzer targets (tests/fuzz, -DACCELPLAN_FUZZ=ON)
  debootstrap         # CI proves the Quick start in a freshly bootstrapped Debian 12 root
  libqt6sql6-psql     # Qt's PostgreSQL driver: --db postgresql://… (a team's price database)
  libpq-dev           # libpq on the connection Qt's driver opens: giving up on a server that stops answering
  postgresql          # initdb/pg_ctl/psql: the tests start a real server on a Unix socket
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "Installing: ${missing[*]}"
$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
