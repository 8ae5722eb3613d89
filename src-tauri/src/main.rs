fn main() {
    println!("Word Club desktop app: not built yet; use wordclub-cli");
}
