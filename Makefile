# sltk: the commands a user needs. `make lab` opens the notebooks, `make test` checks everything.
SHELL := /bin/bash
ROOT := $(CURDIR)
PYTHON := /usr/bin/python3
export JUPYTER_DATA_DIR := $(ROOT)/.jupyter
export PATH := $(ROOT)/.tools/bin:$(PATH)
# The caller's Go settings must not change how the library and the notebooks build: GoNB runs
# in workspace mode, where GOFLAGS=-mod=mod fails every cell, and GO111MODULE=off or a GOWORK
# of the caller's would hide the repository from the kernel. No DWARF (as in the Docker lab):
# every notebook cell links a program, and without debug information a cell runs 15 % sooner
# (slt/B: 10.5 → 9.0 s); stack traces keep their file and line.
export GOFLAGS := -mod=readonly -buildvcs=false -ldflags=-w -gcflags=all=-dwarf=false
export GO111MODULE := on
unexport GOWORK

NOTEBOOKS := $(shell find notebooks -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' | sort)
LAB_IP ?= 127.0.0.1
LAB_PORT ?= 8888
LAB_DIR ?= $(ROOT)/notebooks

.PHONY: setup lab test gotest nb report runner-selftest labtest docker-test book bench fmt-check vet clean

## setup: install what is missing (Debian packages, pinned GoNB/goimports/gopls, the kernel)
setup:
	@./scripts/setup.sh

## lab: open Jupyter with the Go kernel on notebooks/ (no browser; the URL with its token is printed).
## tools/nbexport on PYTHONPATH gives File → Download as → "sltk report (.html)" (tools/report.py).
## tools/lab-config holds custom/custom.js, the shim that lets GoNB's widgets connect in Notebook 6.
lab: setup
	@echo "Starting Jupyter on http://$(LAB_IP):$(LAB_PORT)/ — open the URL with the token printed below."
	@PYTHONPATH=$(ROOT)/tools/nbexport$${PYTHONPATH:+:$$PYTHONPATH} \
	  JUPYTER_CONFIG_DIR=$(ROOT)/tools/lab-config jupyter notebook --no-browser \
	  --ip=$(LAB_IP) --port=$(LAB_PORT) --notebook-dir=$(LAB_DIR) $$([ "$$(id -u)" -eq 0 ] && echo --allow-root)

## test: gofmt, go vet, go test, every notebook headless (into the book), the book in Chromium,
## a report of a test notebook exported from the shell and from the lab (tools/report.py)
test: setup fmt-check vet gotest runner-selftest labtest
	@$(PYTHON) tools/nbstyle.py --selftest
	@$(PYTHON) tools/report.py --selftest
	@$(PYTHON) tools/book.py --force $(NOTEBOOKS)
	@$(PYTHON) tools/browsertest.py

fmt-check:
	@out=$$(gofmt -l $$(git ls-files -co --exclude-standard '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi; echo "gofmt: ok"

vet:
	@go vet ./... && (cd sltk/mapreduce && go vet ./...) && echo "go vet: ok"

gotest:
	@go test -count=1 ./...
	@go test -count=1 -tags purego ./sltk/internal/kernel ./sltk/cluster ./sltk/ica
	@cd sltk/mapreduce && go test -count=1 -timeout 30m ./... # the first pipeline builds the job server

# A notebook whose cell panics must fail the run and be named with its cell.
runner-selftest:
	@out=$$($(PYTHON) tools/nbrun.py tools/testdata/failing.ipynb 2>&1); status=$$?; \
	if [ $$status -eq 0 ] || ! grep -q "in cell 3 (code cell 2)" <<<"$$out"; then \
	  echo "runner self-test: a failing notebook was not reported as failing:"; echo "$$out"; exit 1; fi; \
	echo "runner self-test: a panicking cell fails the run and is named: ok"

## labtest: the notebook page in headless Chromium against `make lab` on a free port (run as
## the caller of a hostile Go environment would: GOFLAGS=-mod=mod GO111MODULE=off GOWORK=off);
## a notebook with a failing cell must be reported; -live moves a live figure's GoNB slider (the
## tools/lab-config shim). Screenshot in build/screenshots/.
labtest: setup
	@cd tools/labtest && go build -o $(ROOT)/.tools/bin/labtest .
	@out=$$(GOFLAGS=-mod=mod GO111MODULE=off GOWORK=off labtest -serve -live \
	  -root $(ROOT) -screenshot $(ROOT)/build/screenshots/lab-getting-started.png \
	  -must-fail tools/testdata/lab-failing.ipynb notebooks/00-getting-started.ipynb 2>&1); \
	status=$$?; echo "$$out"; [ $$status -eq 0 ] || exit 1; \
	grep -q "lab-failing.ipynb: in cell 3 (code cell 2)" <<<"$$out" || \
	  { echo "lab UI test: the failing notebook was not reported with its cell"; exit 1; }

## docker-test: build the lab image (Docker or Podman), run it and test it as a user meets it
docker-test: setup
	@./scripts/docker-test.sh

## nb: run one notebook, e.g. make nb NB=notebooks/00-getting-started.ipynb
nb: setup
	@mkdir -p build && $(PYTHON) tools/nbrun.py --kernel-log build/kernel.log --executed-dir build/executed $(NB)

## report: one notebook (any, also outside the repository) as one HTML file that reads offline,
## e.g. make report NB=~/work/homework.ipynb [OUT=report.html] [SAVED=1: its saved outputs]
report: setup
	@$(PYTHON) tools/report.py $(if $(OUT),--out $(OUT)) $(if $(SAVED),--saved) $(NB)

## book: execute the notebooks that changed and write the HTML book to build/book and the whole
## book as one PDF beside it, build/book/sltk-book.pdf (FORCE=1: execute all)
book: setup
	@$(PYTHON) tools/book.py $(if $(FORCE),--force) $(NOTEBOOKS)
	@echo "Open build/book/index.html in a browser (works from disk, offline); the PDF is build/book/sltk-book.pdf."

## bench: sltk against scikit-learn on the same data (table), then the Go benchmarks
bench: setup
	@go run ./bench
	@go test -run '^$$' -bench . -benchmem ./sltk/...
	@cd sltk/mapreduce && go test -run '^$$' -bench . -benchmem -benchtime 1x .

clean:
	rm -rf build
