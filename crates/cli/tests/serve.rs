//! `qipan serve` as a user runs it: it prints its URL, stops cleanly on SIGTERM, and refuses bad
//! set-ups (port in use, a file that is not a database) with one line and a non-zero exit.

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn qipan() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_qipan"));
    command.env("RUST_LOG", "warn");
    command
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts `qipan serve` and waits for the line with its URL.
fn start(args: &[&str]) -> (Child, String) {
    let mut child = qipan()
        .arg("serve")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut first_line = String::new();
    BufReader::new(stdout).read_line(&mut first_line).unwrap();
    (child, first_line)
}

fn wait_with_timeout(child: &mut Child, limit: Duration) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        assert!(
            start.elapsed() < limit,
            "qipan did not stop within {limit:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn serve_prints_its_url_and_stops_cleanly_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("q.sqlite3");
    let port = free_port();
    let addr = format!("127.0.0.1:{port}");
    let (mut child, line) = start(&["--addr", &addr, "--db", db.to_str().unwrap()]);
    assert!(line.contains(&format!("http://{addr}/")), "{line}");
    assert!(db.exists(), "the database file is created");

    let killed = Command::new("kill")
        .arg("-TERM")
        .arg(child.id().to_string())
        .status()
        .unwrap();
    assert!(killed.success());
    let status = wait_with_timeout(&mut child, Duration::from_secs(10));
    assert!(status.success(), "exit status {status}");
}

#[test]
fn the_address_comes_from_qipan_addr_too() {
    let port = free_port();
    let addr = format!("127.0.0.1:{port}");
    let mut child = qipan()
        .args(["serve", "--db", ":memory:"])
        .env("QIPAN_ADDR", &addr)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(line.contains(&addr), "{line}");
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn a_port_in_use_is_one_clear_line_and_exit_code_1() {
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let output = qipan()
        .args(["serve", "--db", ":memory:", "--addr", &addr])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("cannot listen on") && stderr.contains("--addr"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_file_that_is_not_a_database_is_refused_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notes.sqlite3");
    let notes = "my precious notes\n".repeat(100);
    std::fs::write(&path, &notes).unwrap();
    let output = qipan()
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--db",
            path.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("not a database"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), notes);
}

#[test]
fn a_database_path_that_cannot_be_created_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-file");
    std::fs::write(&file, "x").unwrap();
    let inside_a_file = file.join("qipan.sqlite3");
    let output = qipan()
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--db",
            inside_a_file.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("qipan: cannot create the database folder"),
        "{stderr}"
    );
}

#[test]
fn help_describes_every_serve_flag() {
    let output = qipan().args(["serve", "--help"]).output().unwrap();
    let help = String::from_utf8(output.stdout).unwrap();
    for flag in [
        "--addr",
        "--db",
        "--max-body-bytes",
        "--max-compute-seconds",
        "--compute-slots",
    ] {
        assert!(help.contains(flag), "{flag} is described");
    }
    assert!(help.contains("QIPAN_ADDR") && help.contains("QIPAN_DB"));
}

#[test]
fn db_migrate_copies_a_database_once_and_refuses_a_missing_one() {
    let dir = tempfile::tempdir().unwrap();
    let (club, site) = (
        dir.path().join("club.sqlite3"),
        dir.path().join("site.sqlite3"),
    );
    // A database as a server leaves it, with the guest player a first visit makes.
    let addr = format!("127.0.0.1:{}", free_port());
    let (mut child, _) = start(&["--addr", &addr, "--db", club.to_str().unwrap()]);
    let mut visit = std::net::TcpStream::connect(&addr).unwrap();
    std::io::Write::write_all(
        &mut visit,
        format!("GET /api/me HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .unwrap();
    let mut answer = String::new();
    std::io::Read::read_to_string(&mut visit, &mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(wait_with_timeout(&mut child, Duration::from_secs(10)).success());

    let migrate = |from: &std::path::Path| {
        qipan()
            .args(["db", "migrate", "--from"])
            .arg(format!("sqlite:{}", from.display()))
            .arg("--to")
            .arg(&site)
            .output()
            .unwrap()
    };
    let copied = migrate(&club);
    let said = String::from_utf8_lossy(&copied.stdout);
    assert!(
        copied.status.success(),
        "{said} {}",
        String::from_utf8_lossy(&copied.stderr)
    );
    assert!(said.contains("games") && said.contains("players"), "{said}");
    let again = migrate(&club);
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("not empty"));
    let missing = migrate(&dir.path().join("nope.sqlite3"));
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no such database file"));
}
